import { Building2, MapPin, MessageSquare, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LanguageSwitch } from '../components/language-switch';
import { SignInForm } from '../components/sign-in-form';

type MarketingKey = 'propertyManagement' | 'locationControl' | 'contactRequests' | 'teamManagement';

const MARKETING: readonly { key: MarketingKey; icon: LucideIcon }[] = [
  { key: 'propertyManagement', icon: Building2 },
  { key: 'locationControl', icon: MapPin },
  { key: 'contactRequests', icon: MessageSquare },
  { key: 'teamManagement', icon: Users },
];

export default function SignInRoute() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-screen bg-muted lg:grid-cols-2">
      <main className="relative flex items-center justify-center p-6">
        <div className="absolute end-4 top-4">
          <LanguageSwitch />
        </div>
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center justify-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <Building2 className="size-6" aria-hidden />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{t('auth.controlPanel')}</h1>
          </div>
          <Card>
            <CardHeader className="text-center">
              <CardTitle size="lg">{t('auth.welcomeBack')}</CardTitle>
              <CardDescription>{t('auth.signInDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <SignInForm />
            </CardContent>
          </Card>
        </div>
      </main>
      <aside className="hidden flex-col justify-center gap-10 bg-gradient-to-br from-primary rtl:bg-gradient-to-bl to-blue-900 p-12 text-primary-foreground lg:flex">
        <div>
          <p className="text-sm font-semibold tracking-widest uppercase opacity-80">{t('common.appName')}</p>
          <h2 className="mt-3 max-w-md text-3xl leading-tight font-bold">{t('auth.marketing.title')}</h2>
        </div>
        <ul className="grid max-w-md gap-6">
          {MARKETING.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <p className="font-semibold">{t(`auth.marketing.${key}`)}</p>
                <p className="text-sm opacity-80">{t(`auth.marketing.${key}Text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
