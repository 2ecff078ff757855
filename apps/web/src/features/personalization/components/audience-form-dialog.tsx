import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUDIENCE_OPERATORS,
  type Audience,
  type AudienceRule,
  type CreateAudienceBody,
  VISITOR_ATTRIBUTES,
} from '@plinth/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ChoiceField, FieldGroup, InputField } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useCreateAudience, useUpdateAudience } from '../api/save-audience';

const KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const CUSTOM_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const PRIORITY_LIMIT = 1_000_000;
const CUSTOM = 'custom';

const ATTRIBUTE_OPTIONS = [
  ...VISITOR_ATTRIBUTES.map((attribute) => ({ value: attribute, label: attribute })),
  { value: CUSTOM, label: 'custom.<name>' },
];
const OPERATOR_LABELS: Record<(typeof AUDIENCE_OPERATORS)[number], string> = {
  eq: 'eq (is)',
  ne: 'ne (is not)',
  in: 'in (one of, comma-separated)',
  contains: 'contains',
  exists: 'exists (is sent)',
};
const OPERATOR_OPTIONS = AUDIENCE_OPERATORS.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }));

const RuleForm = z
  .object({
    attribute: z.enum([...VISITOR_ATTRIBUTES, CUSTOM]),
    customName: z.string(),
    op: z.enum(AUDIENCE_OPERATORS),
    value: z.string(),
  })
  .superRefine((rule, context) => {
    if (rule.attribute === CUSTOM && !CUSTOM_NAME_PATTERN.test(rule.customName.trim())) {
      context.addIssue({
        code: 'custom',
        path: ['customName'],
        message: 'Use 1 to 64 letters, digits, hyphens or underscores',
      });
    }
    if (rule.op !== 'exists' && splitValues(rule.value).length === 0) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Enter a value' });
    }
  });

const AudienceForm = z.object({
  key: z
    .string()
    .trim()
    .regex(KEY_PATTERN, 'Start with a lowercase letter; then lowercase letters, digits or underscores (64 at most)'),
  name: z.string().trim().min(1, 'Enter a name').max(200, 'Use at most 200 characters'),
  priority: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'Enter a whole number')
    .refine((value) => Math.abs(Number(value)) <= PRIORITY_LIMIT, `Use a number between -1000000 and 1000000`),
  match: z.enum(['all', 'any']),
  rules: z.array(RuleForm).max(50, 'Use at most 50 rules'),
});
type AudienceForm = z.infer<typeof AudienceForm>;
type RuleForm = z.infer<typeof RuleForm>;

function splitValues(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const emptyRule = (): RuleForm => ({ attribute: 'country', customName: '', op: 'eq', value: '' });

function ruleFormOf(rule: AudienceRule): RuleForm {
  const isCustom = rule.attribute.startsWith('custom.');
  return {
    attribute: isCustom ? CUSTOM : (rule.attribute as RuleForm['attribute']),
    customName: isCustom ? rule.attribute.slice('custom.'.length) : '',
    op: rule.op,
    value: Array.isArray(rule.value) ? rule.value.join(', ') : typeof rule.value === 'string' ? rule.value : '',
  };
}

function defaultsOf(audience: Audience | undefined): AudienceForm {
  return {
    key: audience?.key ?? '',
    name: audience?.name ?? '',
    priority: String(audience?.priority ?? 0),
    match: audience?.match ?? 'all',
    rules: audience ? audience.rules.map(ruleFormOf) : [],
  };
}

function ruleOf(rule: RuleForm): AudienceRule {
  const attribute = rule.attribute === CUSTOM ? `custom.${rule.customName.trim()}` : rule.attribute;
  if (rule.op === 'exists') return { attribute, op: rule.op, value: true };
  if (rule.op === 'in') return { attribute, op: rule.op, value: splitValues(rule.value) };
  return { attribute, op: rule.op, value: rule.value.trim() };
}

function bodyOf(values: AudienceForm): CreateAudienceBody {
  return {
    key: values.key.trim(),
    name: values.name.trim(),
    priority: Number(values.priority),
    match: values.match,
    rules: values.rules.map(ruleOf),
  };
}

/** Where a server's field path (`rules.1.value`) shows in the form. */
function formPathOf(path: string): string | null {
  const [head, index, leaf] = path.split(/[./]/).filter((part) => part !== '');
  if (head === 'key' || head === 'name' || head === 'priority' || head === 'match') return head;
  if (head !== 'rules') return null;
  if (index === undefined || !/^\d+$/.test(index)) return 'rules';
  if (leaf === 'attribute') return `rules.${index}.attribute`;
  if (leaf === 'op') return `rules.${index}.op`;
  return `rules.${index}.value`;
}

/** Creates an audience, or edits one (`audience`); its key is set once, on creation. */
export function AudienceFormDialog({
  projectId,
  audience,
  isOpen,
  onClose,
}: {
  projectId: string;
  audience?: Audience | undefined;
  isOpen: boolean;
  onClose: () => void;
}) {
  const create = useCreateAudience();
  const update = useUpdateAudience();
  const mutation = audience ? update : create;
  const form = useForm<AudienceForm>({ resolver: zodResolver(AudienceForm), defaultValues: defaultsOf(audience) });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const watchedRules = useWatch({ control: form.control, name: 'rules' });
  const match = useWatch({ control: form.control, name: 'match' });
  const formId = useId();
  const { errors } = form.formState;

  useEffect(() => {
    if (isOpen) {
      form.reset(defaultsOf(audience));
      create.reset();
      update.reset();
    }
  }, [isOpen, audience, form, create.reset, update.reset]);

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      form.setError('key', { message: errorMessage(error, 'An audience with this key already exists') });
      return;
    }
    for (const { path, message } of serverFieldErrors(error)) {
      const target = formPathOf(path);
      if (target) form.setError(target as 'key', { message: `${path} ${message}` });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const body = bodyOf(values);
    const done = { onSuccess: onClose, onError: showServerErrors };
    if (audience) {
      const { key: _key, ...changes } = body;
      update.mutate({ projectId, audienceKey: audience.key, body: changes }, done);
    } else {
      create.mutate({ projectId, body }, done);
    }
  });

  const isPlaced =
    mutation.error instanceof ApiError &&
    (mutation.error.status === 409 || serverFieldErrors(mutation.error).some(({ path }) => formPathOf(path)));
  const unplacedError =
    mutation.isError && !isPlaced
      ? errorMessage(mutation.error, 'Could not save the audience. Please try again.')
      : null;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={audience ? 'Edit audience' : 'New audience'}
      description="Visitors who match an audience’s rules get the documents’ variants for it."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {audience ? 'Save changes' : 'Create audience'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={audience ? 'Edit audience' : 'New audience'}
        className="space-y-5"
        onSubmit={onSubmit}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Name"
            autoComplete="off"
            maxLength={200}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <InputField
            label="Key"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            readOnly={Boolean(audience)}
            hint={audience ? 'The key cannot change once the audience exists.' : 'Used in ?audience=key; set once.'}
            error={errors.key?.message}
            {...form.register('key')}
          />
        </div>
        <InputField
          label="Priority"
          type="number"
          inputMode="numeric"
          step={1}
          hint="A lower number is tried first."
          error={errors.priority?.message}
          {...form.register('priority')}
        />
        <FieldGroup legend="Match" error={errors.match?.message}>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" value="all" className="accent-indigo-600" {...form.register('match')} />
              All rules
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" value="any" className="accent-indigo-600" {...form.register('match')} />
              Any rule
            </label>
          </div>
        </FieldGroup>

        <FieldGroup
          legend="Rules"
          error={errors.rules?.message ?? errors.rules?.root?.message}
          hint={rules.fields.length === 0 ? 'Without rules the audience matches every visitor.' : undefined}
        >
          <ol className="mt-2 space-y-3">
            {rules.fields.map((field, index) => {
              const current = watchedRules?.[index];
              const ruleErrors = errors.rules?.[index];
              return (
                <li key={field.id}>
                  <fieldset
                    aria-label={`Rule ${index + 1}`}
                    className="grid gap-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-[1fr_1fr_1fr_auto]"
                  >
                    <div className="space-y-2">
                      <ChoiceField
                        label="Attribute"
                        options={ATTRIBUTE_OPTIONS}
                        value={current?.attribute ?? 'country'}
                        error={ruleErrors?.attribute?.message}
                        {...form.register(`rules.${index}.attribute`)}
                      />
                      {current?.attribute === CUSTOM ? (
                        <InputField
                          label="Custom name"
                          autoComplete="off"
                          placeholder="plan"
                          error={ruleErrors?.customName?.message}
                          {...form.register(`rules.${index}.customName`)}
                        />
                      ) : null}
                    </div>
                    <ChoiceField
                      label="Operator"
                      options={OPERATOR_OPTIONS}
                      value={current?.op ?? 'eq'}
                      error={ruleErrors?.op?.message}
                      {...form.register(`rules.${index}.op`)}
                    />
                    {current?.op === 'exists' ? (
                      <p className="self-center text-slate-500 text-xs">Matches when the visitor sends it.</p>
                    ) : (
                      <InputField
                        label="Value"
                        autoComplete="off"
                        hint={current?.op === 'in' ? 'Comma-separated' : undefined}
                        error={ruleErrors?.value?.message}
                        {...form.register(`rules.${index}.value`)}
                      />
                    )}
                    <div className="self-end">
                      <Button
                        variant="secondary"
                        aria-label={`Remove rule ${index + 1}`}
                        onClick={() => rules.remove(index)}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </div>
                  </fieldset>
                  {index < rules.fields.length - 1 ? (
                    <p className="mt-2 text-center font-medium text-slate-500 text-xs uppercase">
                      {match === 'any' ? 'or' : 'and'}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <Button variant="secondary" className="mt-3" onClick={() => rules.append(emptyRule())}>
            <Plus className="size-4" aria-hidden />
            Add rule
          </Button>
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
