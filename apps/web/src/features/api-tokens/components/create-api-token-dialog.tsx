import { zodResolver } from '@hookform/resolvers/zod';
import { CreateApiTokenBody, type CreatedApiToken, SCOPES } from '@plinth/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldGroup, InputField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { toDateInput } from '../../../lib/format';
import { useCollections } from '../../../lib/project-queries';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useCreateApiToken } from '../api/create-api-token';
import { SCOPE_INFO } from '../scopes';

const NAME_MAX = (CreateApiTokenBody.properties.name as { maxLength?: number }).maxLength ?? 100;

const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'custom', label: 'Custom date' },
] as const;

const TokenForm = z
  .object({
    name: z.string().trim().min(1, 'Give the token a name').max(NAME_MAX, `Use at most ${NAME_MAX} characters`),
    scopes: z.array(z.enum(SCOPES)).min(1, 'Choose at least one scope'),
    expiry: z.enum(['never', '30', '90', '365', 'custom']),
    customDate: z.string(),
  })
  .superRefine((values, context) => {
    if (values.expiry !== 'custom') return;
    if (!values.customDate) {
      context.addIssue({ code: 'custom', path: ['customDate'], message: 'Choose the day the token stops working' });
    } else if (values.customDate <= toDateInput(new Date())) {
      context.addIssue({ code: 'custom', path: ['customDate'], message: 'Choose a day after today' });
    }
  });
type TokenForm = z.infer<typeof TokenForm>;

const DEFAULTS: TokenForm = { name: '', scopes: ['content:read'], expiry: 'never', customDate: '' };

/** When a token made now with this choice stops working (null: never). */
function expiresAt(values: TokenForm): string | null {
  if (values.expiry === 'never') return null;
  // A custom date lasts to the end of that day, where the reader is.
  if (values.expiry === 'custom') return new Date(`${values.customDate}T23:59:59.999`).toISOString();
  return new Date(Date.now() + Number(values.expiry) * 86_400_000).toISOString();
}

const FIELD_OF_PATH: Record<string, { field: keyof TokenForm; label: string }> = {
  name: { field: 'name', label: 'Name' },
  scopes: { field: 'scopes', label: 'Scopes' },
  expires_at: { field: 'expiry', label: 'Expiry' },
};

/** The form that makes a token; the token itself is handed to `onCreated` (shown once by the caller). */
export function CreateApiTokenDialog({
  projectId,
  isOpen,
  onClose,
  onCreated,
}: {
  projectId: string;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken();
  // Loaded now so the examples shown with the new token name a real collection.
  useCollections(projectId);
  const form = useForm<TokenForm>({ resolver: zodResolver(TokenForm), defaultValues: DEFAULTS });
  const formId = useId();
  const expiry = form.watch('expiry');
  const { errors } = form.formState;

  useEffect(() => {
    if (isOpen) {
      form.reset(DEFAULTS);
      create.reset();
    }
  }, [isOpen, form, create.reset]);

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { projectId, body: { name: values.name, scopes: values.scopes, expires_at: expiresAt(values) } },
      {
        onSuccess: (answer) => onCreated(answer.data),
        onError: (error) => {
          for (const { path, message } of serverFieldErrors(error)) {
            const target = FIELD_OF_PATH[path.split('.')[0] ?? ''];
            if (!target) continue;
            const field = target.field === 'expiry' && values.expiry === 'custom' ? 'customDate' : target.field;
            form.setError(field, { message: `${target.label} ${message}` }, { shouldFocus: true });
          }
        },
      },
    ),
  );

  const unplacedError =
    create.isError && serverFieldErrors(create.error).every(({ path }) => !FIELD_OF_PATH[path.split('.')[0] ?? ''])
      ? errorMessage(create.error, 'Could not create the token. Please try again.')
      : null;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title="Create an API token"
      description="A token lets a website, an app or a script use this project's API without signing in. Give it only the scopes it needs."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={create.isPending}>
            Create token
          </Button>
        </>
      }
    >
      <form id={formId} noValidate aria-label="Create an API token" className="space-y-5" onSubmit={onSubmit}>
        <InputField
          label="Name"
          placeholder="Website build"
          hint="Say where the token is used, so you know what breaks if you revoke it."
          maxLength={NAME_MAX}
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />

        <FieldGroup legend="Scopes" error={errors.scopes?.message}>
          <p className="mt-0.5 text-slate-500 text-xs">
            What the token may do; requests outside them are refused (403). No token can manage members, tokens,
            settings or billing.
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50/60 has-checked:ring-indigo-300 has-focus-visible:ring-2 has-focus-visible:ring-indigo-600"
              >
                <input
                  type="checkbox"
                  value={scope}
                  className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                  {...form.register('scopes')}
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{SCOPE_INFO[scope].label}</span>
                  <span className="block font-mono text-slate-600 text-xs">{scope}</span>
                  <span className="mt-0.5 block text-slate-600 text-xs">{SCOPE_INFO[scope].description}</span>
                </span>
              </label>
            ))}
          </div>
        </FieldGroup>

        <FieldGroup
          legend="Expiry"
          error={errors.expiry?.message}
          footer={
            expiry === 'custom' ? (
              <div className="mt-3 max-w-xs">
                <InputField
                  type="date"
                  label="Expires on"
                  min={toDateInput(new Date(Date.now() + 86_400_000))}
                  hint="The token stops working at the end of that day (your time zone)."
                  error={errors.customDate?.message}
                  {...form.register('customDate')}
                />
              </div>
            ) : (
              <p className="mt-1.5 text-slate-500 text-xs">
                {expiry === 'never'
                  ? 'The token works until you revoke it.'
                  : `The token stops working ${EXPIRY_CHOICES.find((choice) => choice.value === expiry)?.label} from now.`}
              </p>
            )
          }
        >
          <div className="mt-2 flex flex-wrap gap-2">
            {EXPIRY_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 ring-inset has-checked:bg-indigo-50 has-checked:font-medium has-checked:text-indigo-800 has-checked:ring-indigo-400 has-focus-visible:ring-2 has-focus-visible:ring-indigo-600"
              >
                <input type="radio" value={choice.value} className="accent-indigo-600" {...form.register('expiry')} />
                {choice.label}
              </label>
            ))}
          </div>
        </FieldGroup>

        {unplacedError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset">
            {unplacedError}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
