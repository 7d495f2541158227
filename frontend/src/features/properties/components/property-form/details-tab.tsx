import { useTranslation } from 'react-i18next';
import { yearBuiltBounds } from '@/lib/rules';
import { CheckboxField, NumberField, Section, VocabularySelect } from './fields';
import { ROOM_COUNTS } from './form-values';

/** Building information and the space distribution's room counts. */
export function DetailsTab() {
  const { t } = useTranslation('propertyForm');
  const years = yearBuiltBounds();
  return (
    <div className="grid gap-6">
      <Section title={t('sections.building')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <VocabularySelect
            name="buildingTypeNew"
            label={t('fields.buildingTypeNew')}
            vocabulary="buildingTypes"
            empty={t('select.buildingType')}
          />
          <NumberField
            name="yearBuilt"
            reading="integer"
            label={t('fields.yearBuilt')}
            bounds={{ ...years, hint: t('fields.yearBuiltHint', years) }}
          />
          <VocabularySelect
            name="buildingCondition"
            label={t('fields.buildingCondition')}
            vocabulary="buildingConditions"
            empty={t('notChosen')}
          />
          <NumberField name="numberOfFloorsInBuilding" reading="integer" label={t('fields.numberOfFloorsInBuilding')} />
          <NumberField name="floorNumberUnit" reading="integer" label={t('fields.floorNumberUnit')} />
          <NumberField name="apartmentsPerFloor" reading="integer" label={t('fields.apartmentsPerFloor')} />
          <NumberField name="parkingSpacesAvailable" reading="integer" label={t('fields.parkingSpacesAvailable')} />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <CheckboxField name="elevatorsAvailable" label={t('fields.elevatorsAvailable')} />
          <CheckboxField name="fireSafetySystem" label={t('fields.fireSafetySystem')} />
          <CheckboxField name="hotelStyleEntrance" label={t('fields.hotelStyleEntrance')} />
        </div>
      </Section>
      <Section title={t('sections.rooms')}>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {ROOM_COUNTS.map((room) => (
            <NumberField key={room} name={room} reading="count" label={t(`rooms.${room}`)} />
          ))}
        </div>
      </Section>
    </div>
  );
}
