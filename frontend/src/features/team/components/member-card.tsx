import { Briefcase, GripVertical, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReorderButtons } from '@/components/reorder-buttons';
import { Badge } from '@/components/ui/badge';
import { RecordActions } from '@/components/record-actions';
import { Card } from '@/components/ui/card';
import type { Reorder } from '@/hooks/use-reorder';
import { englishText, pickText, textLanguage, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { scaledImage } from '@/lib/media';
import { constants } from '@/lib/rules';
import type { TeamMember } from '../api/team-members';

export interface MemberCardProps {
  member: TeamMember;
  /** The card's place in the grid, for its move buttons. */
  index: number;
  count: number;
  reorder: Reorder;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One member (site-content §2): photo, name, position, description, the first specializations
 * and '+N more', years of experience or N/A, Active/Inactive; Edit, Delete and the move buttons.
 */
export function MemberCard({ member, index, count, reorder, onEdit, onDelete }: MemberCardProps) {
  const { t } = useTranslation('team');
  const arabicFirst = useArabicFirst();
  const name = pickText(arabicFirst, member.nameEn, member.nameAr);
  const otherName = arabicFirst ? member.nameEn : member.nameAr;
  const shown = member.specializations.slice(0, constants().teamSpecializationsShown);
  const hidden = member.specializations.length - shown.length;
  const photo = member.imageUrl ?? '';
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative">
        {photo === '' ? (
          <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-muted text-muted-foreground">
            <UserRound aria-hidden className="size-12" />
            <span className="text-xs">{t('noPhoto')}</span>
          </div>
        ) : (
          <img
            src={scaledImage(photo, 320)}
            alt={name}
            draggable={false}
            className="aspect-[4/3] w-full bg-muted object-cover"
          />
        )}
        <Badge variant={member.isActive ? 'success' : 'secondary'} className="absolute end-3 top-3 shadow-sm">
          {member.isActive ? t('active') : t('inactive')}
        </Badge>
        <GripVertical
          aria-hidden
          className="absolute start-3 top-3 size-6 cursor-grab rounded bg-background/80 p-0.5 text-muted-foreground"
        />
      </div>
      <div className="grid flex-1 content-start gap-3 p-5">
        <div>
          <h3 className="text-lg leading-tight font-semibold">{name}</h3>
          <p {...(arabicFirst ? englishText : arabicText)} className="text-sm text-muted-foreground">
            {otherName}
          </p>
          <p className="mt-1 text-sm font-medium text-primary">{pickText(arabicFirst, member.positionEn, member.positionAr)}</p>
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">
          {pickText(arabicFirst, member.descriptionEn, member.descriptionAr)}
        </p>
        {shown.length > 0 && (
          <ul aria-label={t('specializationsLabel')} className="flex flex-wrap gap-1.5">
            {shown.map((specialization, position) => (
              <li key={`${String(position)}:${specialization}`}>
                <Badge variant="outline" {...textLanguage(specialization)}>
                  {specialization}
                </Badge>
              </li>
            ))}
            {hidden > 0 && (
              <li>
                <Badge variant="secondary">{t('more', { count: hidden })}</Badge>
              </li>
            )}
          </ul>
        )}
        <p className="flex items-center gap-2 text-sm">
          <Briefcase aria-hidden className="size-4 text-muted-foreground" />
          <span className="sr-only">{t('experienceLabel')}: </span>
          <span>{member.experience > 0 ? t('experience', { count: member.experience }) : t('notAvailable')}</span>
        </p>
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-border p-3">
        <ReorderButtons
          reorder={reorder}
          index={index}
          count={count}
          layout="grid"
          labels={{
            earlier: t('moveEarlier', { name }),
            later: t('moveLater', { name }),
          }}
        />
        <RecordActions
          onEdit={onEdit}
          onDelete={onDelete}
          labels={{
            edit: t('edit'),
            delete: t('delete'),
            editRecord: t('editMember', { name }),
            deleteRecord: t('deleteMember', { name }),
          }}
        />
      </div>
    </Card>
  );
}
