import { ChevronDown, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ExportFormat } from '../api/export-properties';

const FORMATS: { format: ExportFormat; label: 'export.excel' | 'export.csv' }[] = [
  { format: 'xlsx', label: 'export.excel' },
  { format: 'csv', label: 'export.csv' },
];

/**
 * 'Export' and its menu of formats (the WAI-ARIA menu button pattern): the arrow keys move
 * between the formats, Escape or a click elsewhere closes it, a choice exports.
 */
export function ExportMenu({ onExport, busy }: { onExport: (format: ExportFormat) => void; busy: boolean }) {
  const { t } = useTranslation('properties');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const away = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => {
      document.removeEventListener('mousedown', away);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.findIndex((item) => item === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="relative">
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        <Download aria-hidden />
        {busy ? t('export.exporting') : t('export.button')}
        <ChevronDown aria-hidden />
      </Button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('export.button')}
          className="absolute end-0 z-50 mt-1 grid min-w-44 gap-0.5 rounded-md border border-border bg-background p-1 shadow-md"
          onKeyDown={onKeyDown}
        >
          {FORMATS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="rounded-sm px-3 py-2 text-start text-sm outline-none hover:bg-muted focus-visible:bg-muted"
              onClick={() => {
                close();
                onExport(format);
              }}
            >
              {t(label)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
