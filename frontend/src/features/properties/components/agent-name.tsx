import { useTranslation } from 'react-i18next';
import { agentNameOf, useAgents } from '@/features/users';

/** The listing's responsible agent by name (issue 26), or a dash when it names none. */
export function AgentName({ id }: { id: number | null | undefined }) {
  const { t } = useTranslation('properties');
  const agents = useAgents();
  const name = agentNameOf(agents.data, id);
  return name === undefined ? <span className="text-muted-foreground">{t('noAgent')}</span> : <>{name}</>;
}
