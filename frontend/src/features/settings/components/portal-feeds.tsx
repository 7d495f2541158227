import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/copy-field';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { MAPPING_PORTALS } from '@/features/portals';
import type { FeedToken, MappingPortal } from '@/generated/types';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { useFeedTokens, useMakeFeedToken, useRevokeFeedToken } from '../api/feed-tokens';

/** A question asked before a feed's current URL stops working. */
type Question = { action: 'replace'; feed: MappingPortal } | { action: 'revoke'; token: FeedToken };

interface FeedProps {
  feed: MappingPortal;
  token: FeedToken | undefined;
  /** A new URL is being made: one at a time. */
  making: boolean;
  onMake: () => void;
  onRevoke: (token: FeedToken) => void;
}

/** One feed: its live URL to give the portal, when it was made, and the buttons that change it. */
function Feed({ feed, token, making, onMake, onRevoke }: FeedProps) {
  const { t } = useTranslation('settings');
  const f = useFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4">
      <h4 id={headingId} className="font-semibold">
        {t(`feeds.names.${feed}`)}
      </h4>
      {token === undefined ? (
        <p className="text-sm text-muted-foreground">{t('feeds.none')}</p>
      ) : (
        <>
          <CopyField label={t('feeds.url', { feed: t(`feeds.names.${feed}`) })} value={token.url} />
          <p className="text-sm text-muted-foreground">
            {token.createdBy == null
              ? t('feeds.made', { date: f.dateTime(token.createdAt) })
              : t('feeds.madeBy', { date: f.dateTime(token.createdAt), user: token.createdBy })}
          </p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant={token === undefined ? 'default' : 'outline'}
          disabled={making}
          onClick={onMake}
        >
          {token === undefined ? t('feeds.make') : t('feeds.makeNew')}
        </Button>
        {token !== undefined && (
          <Button
            type="button"
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={() => {
              onRevoke(token);
            }}
          >
            {t('feeds.revoke')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * Portal feeds (issue 41): the secret URL each portal reads the listings from. A new URL
 * replaces the old one, which stops working; both that and a revoke are asked first.
 */
export function PortalFeeds() {
  const { t } = useTranslation('settings');
  const tokens = useFeedTokens();
  const make = useMakeFeedToken();
  const revoke = useRevokeFeedToken();
  const deleteToasts = useDeleteToasts();
  const [question, setQuestion] = useState<Question | null>(null);
  const nameOf = (feed: MappingPortal) => t(`feeds.names.${feed}`);
  const questionFeed = question === null ? undefined : question.action === 'replace' ? question.feed : question.token.feed;
  const feedName = questionFeed === undefined ? '' : nameOf(questionFeed);

  const makeUrl = (feed: MappingPortal) => {
    make.mutate(feed, {
      onSuccess: () => toast({ title: t('feeds.toast.made', { feed: nameOf(feed) }) }),
      onError: (error) => toast({ title: t('feeds.toast.makeFailed'), description: serverMessage(error), variant: 'destructive' }),
    });
  };

  const answer = () => {
    if (question === null) return;
    setQuestion(null);
    if (question.action === 'replace') makeUrl(question.feed);
    else revoke.mutate(question.token, deleteToasts(t('feeds.toast.revoked', { feed: feedName }), t('feeds.toast.revokeFailed')));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('feeds.title')}</CardTitle>
        <CardDescription>{t('feeds.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        {tokens.isError ? (
          <QueryError error={tokens.error} />
        ) : tokens.isPending ? (
          <Spinner label={t('feeds.loading')} />
        ) : (
          MAPPING_PORTALS.map((feed) => {
            const token = tokens.data.find((live) => live.feed === feed);
            return (
              <Feed
                key={feed}
                feed={feed}
                token={token}
                making={make.isPending}
                // The first URL breaks nothing; a new one stops the old, so that is asked first.
                onMake={() => {
                  if (token === undefined) makeUrl(feed);
                  else setQuestion({ action: 'replace', feed });
                }}
                onRevoke={(live) => {
                  setQuestion({ action: 'revoke', token: live });
                }}
              />
            );
          })
        )}
      </CardContent>
      <ConfirmDialog
        open={question !== null}
        title={question?.action === 'revoke' ? t('feeds.confirmRevoke.title', { feed: feedName }) : t('feeds.confirmReplace.title', { feed: feedName })}
        description={question?.action === 'revoke' ? t('feeds.confirmRevoke.description') : t('feeds.confirmReplace.description')}
        confirmLabel={question?.action === 'revoke' ? t('feeds.revoke') : t('feeds.makeNew')}
        cancelLabel={t('feeds.keep')}
        destructive
        onCancel={() => {
          setQuestion(null);
        }}
        onConfirm={answer}
      />
    </Card>
  );
}
