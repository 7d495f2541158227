import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { INTERFACE_LANGUAGES, setInterfaceLanguage } from '@/i18n';

/**
 * The interface language before sign-in, each named in its own language ('English',
 * 'العربية'); this device remembers the choice. Once signed in, the user's own wins.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className="flex gap-1">
      {INTERFACE_LANGUAGES.map((language) => (
        <Button
          key={language}
          type="button"
          size="sm"
          variant={i18n.language === language ? 'secondary' : 'ghost'}
          lang={language}
          aria-pressed={i18n.language === language}
          onClick={() => void setInterfaceLanguage(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </div>
  );
}
