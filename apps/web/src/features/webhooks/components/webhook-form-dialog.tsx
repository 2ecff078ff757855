import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatedWebhook,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_EVENTS,
  type Webhook,
} from '@plinth/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldGroup, InputField, TextAreaField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useCollections } from '../../../lib/project-queries';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { ALL_EVENTS, DRAFT_EVENTS, EVENT_GROUPS } from '../events';
import { ActiveSwitch } from './active-switch';

const URL_MAX = 2048;
const DESCRIPTION_MAX = 500;

const WebhookForm = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'Enter the URL Plinth should call')
      .max(URL_MAX, `Use at most ${URL_MAX} characters`)
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      }, 'Enter a full URL that starts with https:// or http://'),
    events: z.array(z.enum([...WEBHOOK_EVENTS, '*'])).min(1, 'Choose at least one event, or all events'),
    collectionsMode: z.enum(['all', 'some']),
    collections: z.array(z.string()),
    description: z.string().max(DESCRIPTION_MAX, `Use at most ${DESCRIPTION_MAX} characters`),
    active: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.collectionsMode === 'some' && values.collections.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['collections'],
        message: 'Choose at least one collection, or all collections',
      });
    }
  });
type WebhookForm = z.infer<typeof WebhookForm>;

function defaultsOf(webhook: Webhook | undefined): WebhookForm {
  return {
    url: webhook?.url ?? '',
    events: webhook ? [...webhook.events] : ['document.published', 'document.unpublished'],
    collectionsMode: webhook?.collections ? 'some' : 'all',
    collections: webhook?.collections ? [...webhook.collections] : [],
    description: webhook?.description ?? '',
    active: webhook?.active ?? true,
  };
}

/** The request body of the form's values (events and collections in a stable order, to compare). */
function bodyOf(values: WebhookForm): CreateWebhookBody {
  return {
    url: values.url.trim(),
    events: values.events.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...values.events].sort(),
    collections: values.collectionsMode === 'all' ? null : [...values.collections].sort(),
    description: values.description.trim(),
    active: values.active,
  };
}

const FIELD_OF_PATH: Record<string, { field: keyof WebhookForm; label: string }> = {
  url: { field: 'url', label: 'URL' },
  events: { field: 'events', label: 'Events' },
  collections: { field: 'collections', label: 'Collections' },
  description: { field: 'description', label: 'Description' },
};

const fieldOf = (path: string) => FIELD_OF_PATH[path.split('.')[0] ?? ''];

const CHECKBOX = 'mt-0.5 size-4 shrink-0 accent-indigo-600 disabled:opacity-70';

/**
 * Creates a webhook, or edits one (`webhook`). A new webhook's signing secret goes to `onCreated`,
 * the only time the server tells it.
 */
export function WebhookFormDialog({
  projectId,
  webhook,
  isOpen,
  onClose,
  onCreated,
  onSaved,
}: {
  projectId: string;
  webhook?: Webhook;
  isOpen: boolean;
  onClose: () => void;
  onCreated?: (webhook: CreatedWebhook) => void;
  onSaved?: (webhook: Webhook) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const mutation = webhook ? update : create;
  const collections = useCollections(projectId);
  const form = useForm<WebhookForm>({ resolver: zodResolver(WebhookForm), defaultValues: defaultsOf(webhook) });
  const formId = useId();
  const { errors, isSubmitted } = form.formState;
  const events = form.watch('events');
  const collectionsMode = form.watch('collectionsMode');
  const chosenCollections = form.watch('collections');
  const active = form.watch('active');
  const isAll = events.includes(ALL_EVENTS);

  useEffect(() => {
    if (isOpen) {
      form.reset(defaultsOf(webhook));
      create.reset();
      update.reset();
    }
  }, [isOpen, webhook, form, create.reset, update.reset]);

  const toggleEvent = (value: WebhookForm['events'][number], checked: boolean) => {
    const current = form.getValues('events');
    const next = checked ? [...current, value] : current.filter((item) => item !== value);
    form.setValue('events', next, { shouldValidate: isSubmitted, shouldDirty: true });
  };
  const toggleCollection = (slug: string, checked: boolean) => {
    const current = form.getValues('collections');
    const next = checked ? [...current, slug] : current.filter((item) => item !== slug);
    form.setValue('collections', next, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const showServerErrors = (error: unknown) => {
    for (const { path, message } of serverFieldErrors(error)) {
      const target = fieldOf(path);
      if (!target) continue;
      // The server's address check names what the URL resolves to; say what to do about it too.
      const text =
        target.field === 'url' && message.startsWith('is refused')
          ? `URL ${message}. Webhooks may only call public addresses; the operator of this Plinth server can allow a host in PLINTH_WEBHOOK_ALLOWED_HOSTS.`
          : `${target.label} ${message}`;
      form.setError(target.field, { message: text }, { shouldFocus: true });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const body = bodyOf(values);
    if (!webhook) {
      create.mutate(
        { projectId, body },
        { onSuccess: (answer) => onCreated?.(answer.data), onError: showServerErrors },
      );
      return;
    }
    // Only what changed: an unchanged URL is not checked again, and nothing else is overwritten.
    const before = bodyOf(defaultsOf(webhook));
    const changes = Object.fromEntries(
      (Object.keys(body) as (keyof CreateWebhookBody)[])
        .filter((key) => JSON.stringify(body[key]) !== JSON.stringify(before[key]))
        .map((key) => [key, body[key]]),
    ) as UpdateWebhookBody;
    if (Object.keys(changes).length === 0) {
      onSaved?.(webhook);
      return;
    }
    update.mutate(
      { projectId, webhookId: webhook.id, body: changes },
      { onSuccess: (answer) => onSaved?.(answer.data), onError: showServerErrors },
    );
  });

  const unplacedError =
    mutation.isError && serverFieldErrors(mutation.error).every(({ path }) => !fieldOf(path))
      ? errorMessage(mutation.error, 'Could not save the webhook. Please try again.')
      : null;
  const projectCollections = collections.data?.data ?? [];
  const draftEventsChosen = !isAll && events.some((event) => DRAFT_EVENTS.includes(event));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={webhook ? 'Edit webhook' : 'Add a webhook'}
      description={
        webhook
          ? 'Changes apply to the next event; deliveries already in the log keep the settings they were sent with.'
          : 'Plinth sends a signed POST to your URL when something in this project changes.'
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {webhook ? 'Save changes' : 'Add webhook'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={webhook ? 'Edit webhook' : 'Add a webhook'}
        className="space-y-6"
        onSubmit={onSubmit}
      >
        <InputField
          label="Payload URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/plinth"
          autoComplete="off"
          spellCheck={false}
          maxLength={URL_MAX}
          error={errors.url?.message}
          hint={
            <>
              Use a public <code className="font-mono">https://</code> (or <code className="font-mono">http://</code>)
              address. Plinth refuses hosts that are, or resolve to, loopback, private, link-local, carrier-grade NAT,
              multicast, reserved or cloud metadata addresses, when you save and again on every delivery, unless the
              operator of this Plinth server allows the host in{' '}
              <code className="font-mono">PLINTH_WEBHOOK_ALLOWED_HOSTS</code>. Redirects are not followed: a 3xx answer
              counts as a failure.
            </>
          }
          {...form.register('url')}
        />

        <FieldGroup
          legend="Events"
          error={errors.events?.message}
          footer={
            isAll || draftEventsChosen ? (
              <p className="mt-2 text-amber-800 text-xs">
                Document created, updated and deleted events carry the working copy, drafts included: give this URL only
                to systems that may see unpublished content.
              </p>
            ) : null
          }
        >
          <label className="mt-2 flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50/60 has-checked:ring-indigo-300">
            <input
              type="checkbox"
              className={CHECKBOX}
              checked={isAll}
              onChange={(event) =>
                form.setValue('events', event.target.checked ? [ALL_EVENTS] : [], {
                  shouldValidate: isSubmitted,
                  shouldDirty: true,
                })
              }
            />
            <span>
              <span className="block font-medium text-slate-900 text-sm">All events</span>
              <span className="block text-slate-600 text-xs">Every event below, and any added to Plinth later.</span>
            </span>
          </label>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            {EVENT_GROUPS.map((group) => (
              <fieldset key={group.title} className="min-w-0">
                <legend className="font-medium text-slate-500 text-xs uppercase tracking-wide">{group.title}</legend>
                <ul className="mt-1.5 space-y-2">
                  {group.events.map(({ event, description }) => (
                    <li key={event}>
                      <label className={`flex gap-2 ${isAll ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
                        <input
                          type="checkbox"
                          className={CHECKBOX}
                          checked={isAll || events.includes(event)}
                          disabled={isAll}
                          onChange={(change) => toggleEvent(event, change.target.checked)}
                        />
                        <span className="min-w-0">
                          <span className="block break-words font-mono text-slate-900 text-xs">{event}</span>
                          <span className="block text-slate-500 text-xs">{description}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </FieldGroup>

        <FieldGroup
          legend="Collections"
          error={errors.collections?.message}
          hint="Limited to some collections, the webhook gets only the events of their documents and models; media events belong to no collection and are not sent to it."
        >
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" value="all" className="accent-indigo-600" {...form.register('collectionsMode')} />
              All collections
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" value="some" className="accent-indigo-600" {...form.register('collectionsMode')} />
              Only some collections
            </label>
          </div>
          {collectionsMode === 'some' ? (
            <div className="mt-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
              {collections.isPending ? (
                <div role="status" aria-label="Loading collections" className="space-y-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-32" />
                </div>
              ) : collections.isError ? (
                <p role="alert" className="text-red-700 text-sm">
                  We could not load the collections.{' '}
                  <button type="button" className="font-medium underline" onClick={() => collections.refetch()}>
                    Try again
                  </button>
                </p>
              ) : projectCollections.length === 0 ? (
                <p className="text-slate-600 text-sm">
                  This project has no collections yet: choose “All collections” for now.
                </p>
              ) : (
                <ul aria-label="Collections" className="grid gap-2 sm:grid-cols-2">
                  {projectCollections.map((collection) => (
                    <li key={collection.slug}>
                      <label className="flex cursor-pointer gap-2">
                        <input
                          type="checkbox"
                          className={CHECKBOX}
                          checked={chosenCollections.includes(collection.slug)}
                          onChange={(change) => toggleCollection(collection.slug, change.target.checked)}
                        />
                        <span className="min-w-0">
                          <span className="block truncate text-slate-900 text-sm" title={collection.name}>
                            {collection.name}
                          </span>
                          <span className="block truncate font-mono text-slate-500 text-xs">{collection.slug}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </FieldGroup>

        <TextAreaField
          label="Description (optional)"
          rows={2}
          maxLength={DESCRIPTION_MAX}
          placeholder="Rebuilds the marketing site on Netlify"
          error={errors.description?.message}
          {...form.register('description')}
        />

        <ActiveSwitch
          label="Active"
          checked={active}
          onChange={(checked) => form.setValue('active', checked, { shouldDirty: true })}
          hint={
            active
              ? 'Events are sent as they happen.'
              : 'Nothing is sent while it is off, and events that happen meanwhile are not sent later; “Send test” and redeliveries still work.'
          }
        />

        {unplacedError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset">
            {unplacedError}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
