import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { constants } from '@/lib/rules';
import { cn } from '@/lib/utils';

export interface RatingPickerProps {
  label: string;
  value: number | null | undefined;
  onChange: (rating: number) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/**
 * A rating from the rules' lowest to highest as a row of stars. Each star is a radio
 * button, so the keyboard moves through them with the arrow keys and a screen reader
 * reads '3 out of 5 stars'.
 */
export function RatingPicker({ label, value, onChange, onBlur, error }: RatingPickerProps) {
  const { t } = useTranslation('services');
  const name = useId();
  const errorId = `${name}-error`;
  const invalid = error !== undefined && error !== '';
  const { ratingMin, ratingMax } = constants();
  const ratings = Array.from({ length: ratingMax - ratingMin + 1 }, (_, index) => ratingMin + index);
  const chosen = value ?? 0;
  return (
    <fieldset className="grid gap-2" aria-describedby={invalid ? errorId : undefined}>
      <legend className={cn('mb-2 text-sm leading-none font-medium', invalid && 'text-destructive')}>{label}</legend>
      <div className="flex items-center gap-1">
        {ratings.map((rating) => {
          const words = t('stars', { rating, max: ratingMax });
          return (
            <label
              key={rating}
              title={words}
              className="relative rounded-md p-1 focus-within:ring-2 focus-within:ring-ring"
            >
              {/* Over the star, unseen: a press on the star is a press on the radio button. */}
              <input
                type="radio"
                className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
                name={name}
                value={rating}
                checked={chosen === rating}
                aria-invalid={invalid}
                onChange={() => {
                  onChange(rating);
                }}
                onBlur={onBlur}
              />
              <Star
                aria-hidden
                className={cn('size-7', rating <= chosen ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
              />
              <span className="sr-only">{words}</span>
            </label>
          );
        })}
        <span aria-hidden className="ms-2 text-sm text-muted-foreground">
          {t('ratingOf', { rating: chosen, max: ratingMax })}
        </span>
      </div>
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
