// The comprehensive property form (core-panel §2, issue 39): six tabs over one
// react-hook-form whose resolver is the rules' `validate.property`, given the authority of
// the chosen place so that a missing permit is caught as the server would. A failed submit,
// in the browser or on the server, selects the tab holding the first failing field and
// focuses it. Beside the tabs, the listing's quality and portal readiness as it is typed.
// Saving is the sequence of core §4: the property, then its selected feature ids.
import { Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConflictNotice } from '@/components/conflict-notice';
import { CancelButton } from '@/components/form-buttons';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { DisplayType, Portal, Property } from '@/generated/types';
import { useSettings } from '@/features/settings';
import { useSaveRecord } from '@/hooks/use-save-record';
import { toast } from '@/hooks/use-toast';
import { fieldErrors } from '@/lib/api-client';
import { setUnsaved } from '@/lib/unsaved-changes';
import { useSelectedFeatures } from '../../api/property-features';
import { useCreateProperty, useUpdateProperty, type SavedProperty } from '../../api/save-property';
import { useAdvertisingAuthority } from './advertising';
import { AdvertisingTab } from './advertising-tab';
import { BasicInfoTab } from './basic-info-tab';
import { DetailsTab } from './details-tab';
import { FeaturesTab } from './features-tab';
import { FinancialTab } from './financial-tab';
import { FormQuality } from './form-quality';
import { FormReadiness } from './form-readiness';
import {
  firstInOrder,
  newFormValues,
  recordFormValues,
  SERVER_FIELDS,
  TABS,
  tabOf,
  toPayload,
  type ParsedPropertyForm,
  type PropertyFormValues,
  type TabName,
} from './form-values';
import { MediaTab } from './media-tab';
import { propertyResolver, type PropertyCheckContext } from './property-rules';

export interface PropertyFormProps {
  /** The property to edit; a new one is added without it. */
  property?: Property;
  /** A new property's category (the add page's type card). */
  defaultCategoryId?: number;
  /** A new property's display type (the add page's type card). */
  defaultDisplayType?: DisplayType;
  /** Told once the property is saved (its features too, or the warning was shown). */
  onSaved: (property: Property) => void;
  /** Shows a Cancel button that calls it. */
  onCancel?: () => void;
  /** Told whenever the form starts or stops differing from what it opened with. */
  onDirtyChange?: (dirty: boolean) => void;
}

interface PropertyFormBodyProps extends PropertyFormProps {
  /** The features selected for the edited property when the form opened. */
  selectedFeatureIds: readonly number[];
  /** Where a new property is published unless the form changes it: the company's default portals. */
  defaultPublishTo?: readonly Portal[];
}

function PropertyFormBody({
  property,
  defaultCategoryId,
  defaultDisplayType,
  selectedFeatureIds,
  defaultPublishTo,
  onSaved,
  onCancel,
  onDirtyChange,
}: PropertyFormBodyProps) {
  const { t } = useTranslation('propertyForm');
  const [tab, setTab] = useState<TabName>('basic');
  // The Advertising tab is made when it is first shown, then kept like the others: until
  // then its fields are only values the form holds, and the form opens as light as before.
  const [advertisingShown, setAdvertisingShown] = useState(false);
  if (tab === 'advertising' && !advertisingShown) setAdvertisingShown(true);
  const [mediaUploading, setMediaUploading] = useState(false);
  const [qrUploading, setQrUploading] = useState(false);
  const uploading = mediaUploading || qrUploading;
  // The resolver judges the permit by the authority of the place chosen (its context),
  // which follows the place as it changes: see `authority` below.
  const [checkContext, setCheckContext] = useState<PropertyCheckContext>({ advertisingAuthority: null });
  const form = useForm<PropertyFormValues, unknown, ParsedPropertyForm>({
    resolver: propertyResolver,
    context: checkContext,
    shouldFocusError: false,
    defaultValues:
      property === undefined
        ? newFormValues({ categoryId: defaultCategoryId, displayType: defaultDisplayType, publishTo: defaultPublishTo })
        : recordFormValues(property, selectedFeatureIds),
  });
  const {
    handleSubmit,
    setFocus,
    formState: { isDirty },
  } = form;
  const authority = useAdvertisingAuthority(form.control);
  // A new place's authority reaches the resolver before this render is shown.
  if (authority !== checkContext.advertisingAuthority) setCheckContext({ advertisingAuthority: authority });

  // Unsaved while the values differ from those the form opened with: the tab, the app's
  // navigation and the owner (a dialog, the add page) all ask before discarding them.
  const [owner] = useState(() => Symbol('property form'));
  useEffect(() => {
    setUnsaved(owner, isDirty);
    onDirtyChange?.(isDirty);
  }, [owner, isDirty, onDirtyChange]);
  useEffect(
    () => () => {
      setUnsaved(owner, false);
    },
    [owner],
  );

  /**
   * Shows the tab holding the first of the failing fields and puts the cursor there (the
   * tab is shown first: a field on a hidden tab cannot take the focus).
   */
  const showFirstFailure = (failing: readonly string[]) => {
    const first = firstInOrder(failing);
    if (first !== undefined) {
      flushSync(() => {
        setTab(tabOf(first));
      });
      setFocus(first);
    } else if (failing.includes('featureIds')) {
      setTab('features');
    }
  };

  // The server's field messages (a 422, or a 409 naming an unknown id) go under their
  // fields, and their tab is shown like the browser's own failures.
  const showServerFailure = (error: Error) => {
    showFirstFailure(Object.keys(fieldErrors(error)));
  };
  const create = useCreateProperty({ onError: showServerFailure });
  const update = useUpdateProperty({ onError: showServerFailure });
  const featureIdsAtOpen = useRef(selectedFeatureIds);
  const { save, pending, conflict } = useSaveRecord({
    record: property ?? null,
    create,
    update,
    fields: SERVER_FIELDS,
    form,
    formValues: (record: Property) => recordFormValues(record, featureIdsAtOpen.current),
    saved: { created: t('toast.created'), updated: t('toast.updated') },
    failed: {
      title: t('toast.error'),
      createFailed: t('toast.createFailed'),
      updateFailed: t('toast.updateFailed'),
      noAnswer: t('toast.submitFailed'),
    },
    onDone: ({ property: saved, featuresSaved }: SavedProperty) => {
      if (!featuresSaved) {
        toast({ title: t('toast.warning'), description: t('toast.featuresFailed'), variant: 'destructive' });
      }
      // Saved: nothing is unsaved any more, before the owner navigates or closes.
      form.reset(recordFormValues(saved, form.getValues('featureIds')));
      setUnsaved(owner, false);
      onDirtyChange?.(false);
      onSaved(saved);
    },
  });

  const onSubmit = handleSubmit(
    (values) => {
      save({ input: toPayload(values), featureIds: values.featureIds });
    },
    (errors: FieldErrors<PropertyFormValues>) => {
      showFirstFailure(Object.keys(errors));
    },
  );

  const editing = property !== undefined;
  const submitLabel = pending
    ? editing
      ? t('updating')
      : t('creating')
    : editing
      ? t('update')
      : t('create');

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="@container grid gap-6">
        {/* Beside the tabs, and staying in view, where the form is wide; under them where it is not. */}
        <div className="grid gap-6 @4xl:grid-cols-[minmax(0,1fr)_18rem] @4xl:items-start">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              setTab(value as TabName);
            }}
          >
            <TabsList className="h-auto flex-wrap">
              {TABS.map((name) => (
                <TabsTrigger key={name} value={name}>
                  {t(`tabs.${name}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {/* Every tab stays mounted (hidden while not selected), so an upload under way
                or a field's state survives switching tabs. */}
            <TabsContent value="basic" forceMount className="data-[state=inactive]:hidden">
              <BasicInfoTab />
            </TabsContent>
            <TabsContent value="details" forceMount className="data-[state=inactive]:hidden">
              <DetailsTab />
            </TabsContent>
            <TabsContent value="features" forceMount className="data-[state=inactive]:hidden">
              <FeaturesTab />
            </TabsContent>
            <TabsContent value="media" forceMount className="data-[state=inactive]:hidden">
              <MediaTab onUploadingChange={setMediaUploading} />
            </TabsContent>
            <TabsContent value="financial" forceMount className="data-[state=inactive]:hidden">
              <FinancialTab propertyId={property?.id} />
            </TabsContent>
            <TabsContent value="advertising" forceMount className="data-[state=inactive]:hidden">
              {(advertisingShown || tab === 'advertising') && (
                <AdvertisingTab authority={authority} onUploadingChange={setQrUploading} />
              )}
            </TabsContent>
          </Tabs>
          <aside className="grid gap-6 rounded-lg border border-border p-4 @4xl:sticky @4xl:top-0">
            <FormQuality authority={authority} />
            <FormReadiness
              authority={authority}
              onShowField={(field) => {
                showFirstFailure([field]);
              }}
              className="border-t border-border pt-4"
            />
          </aside>
        </div>
        {conflict !== undefined && <ConflictNotice conflict={conflict} />}
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel !== undefined && <CancelButton onClick={onCancel} />}
          <Button type="submit" disabled={pending || uploading || conflict !== undefined}>
            {pending && <Spinner label={submitLabel} className="size-4 text-current" />}
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * Waits for what the form starts from: an edited property's selected features, or for a new
 * one the company's default portals (its settings).
 */
function PropertyFormLoader(props: PropertyFormProps) {
  const { t } = useTranslation('propertyForm');
  const selected = useSelectedFeatures(props.property?.id);
  const settings = useSettings();
  if (props.property === undefined) {
    if (settings.isError) return <QueryError error={settings.error} />;
    if (settings.data === undefined) return <Spinner label={t('loading')} />;
    const { defaultPublishTo } = settings.data;
    return <PropertyFormBody {...props} selectedFeatureIds={[]} defaultPublishTo={defaultPublishTo} />;
  }
  if (selected.isError) return <QueryError error={selected.error} />;
  if (selected.data === undefined) return <Spinner label={t('loading')} />;
  return <PropertyFormBody {...props} selectedFeatureIds={selected.data.map((feature) => feature.id)} />;
}

/**
 * The comprehensive property form with its six tabs. Its text is fetched with it (the
 * `propertyForm` namespace), so a spinner shows for the moment that takes.
 */
export function PropertyForm(props: PropertyFormProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <PropertyFormLoader {...props} />
    </Suspense>
  );
}
