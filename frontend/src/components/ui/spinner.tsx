import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SpinnerProps {
  /** What is loading, read out by assistive technology. */
  label: string;
  className?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2 aria-hidden className={cn('size-6 animate-spin text-primary', className)} />
    </span>
  );
}
