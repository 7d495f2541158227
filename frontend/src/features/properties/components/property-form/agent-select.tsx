import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form';
import { agentName, useAgents } from '@/features/users';
import { usePropertyForm } from './fields';

function readAgent(value: string): number | null {
  return value === '' ? null : Number(value);
}

/**
 * The listing's responsible agent (issue 26), who is handed its leads: any active user, or
 * the one the listing already names.
 */
export function AgentSelect() {
  const { t } = useTranslation('propertyForm');
  const { control, getValues } = usePropertyForm();
  const agents = useAgents();
  const current = getValues('agentId');
  const options = (agents.data ?? [])
    .filter((agent) => agent.isActive || agent.id === current)
    .map((agent) => ({ value: String(agent.id), label: agentName(agent) }));
  return (
    <SelectField
      control={control}
      name="agentId"
      label={t('fields.agent')}
      options={options}
      empty={t('noAgent')}
      read={readAgent}
    />
  );
}
