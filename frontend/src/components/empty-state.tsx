import { ShieldAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** What to do about it, usually the button that adds the first record. */
  action?: ReactNode;
  /** A page that is nothing but this card names itself with a first-level heading. */
  headingLevel?: 1 | 2;
  className?: string;
}

/** A card that says a list is empty (or a screen unavailable), and what to do about it. */
export function EmptyState({ icon: Icon, title, text, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className={className}>
      <CardContent className="grid justify-items-center gap-3 p-10 text-center">
        <Icon aria-hidden className="size-10 text-muted-foreground" />
        <Heading className={headingLevel === 1 ? 'text-xl font-semibold' : 'text-lg font-semibold'}>{title}</Heading>
        <p className="text-muted-foreground">{text}</p>
        {action}
      </CardContent>
    </Card>
  );
}

/** What a signed-in user who is not an admin sees on an administrators' screen: a page that says so. */
export function NoAccess({ title, text }: { title: string; text: string }) {
  return <EmptyState icon={ShieldAlert} title={title} text={text} headingLevel={1} className="mx-auto mt-10 max-w-lg" />;
}
