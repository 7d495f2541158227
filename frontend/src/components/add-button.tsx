import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The button that starts adding a record to a list. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden />
      {label}
    </Button>
  );
}
