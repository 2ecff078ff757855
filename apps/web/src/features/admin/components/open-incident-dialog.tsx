import { zodResolver } from '@hookform/resolvers/zod';
import { INCIDENT_STATUSES } from '@plinth/contract';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ChoiceField, InputField, TextAreaField } from '../../../components/ui/form-field';
import { useCreateIncident } from '../api/create-incident';
import {
  IMPACT_OPTIONS,
  impactHint,
  impactOf,
  incidentImpact,
  incidentMessage,
  incidentTitle,
  STATUS_HINT,
  STATUS_OPTIONS,
  TITLE_MAX,
} from './incident-form';

const OpenIncidentForm = z.object({
  title: incidentTitle,
  status: z.enum(INCIDENT_STATUSES),
  impact: incidentImpact,
  message: incidentMessage.min(1, 'Say what is happening: visitors read this first'),
});
type OpenIncidentForm = z.infer<typeof OpenIncidentForm>;

const EMPTY: OpenIncidentForm = { title: '', status: 'investigating', impact: '', message: '' };

/** Opens an incident (the contract's CreateIncidentBody); it is public at once. */
export function OpenIncidentDialog({
  isOpen,
  onClose,
  onOpened,
}: {
  isOpen: boolean;
  onClose: () => void;
  onOpened: (incidentId: string) => void;
}) {
  const create = useCreateIncident();
  const form = useForm<OpenIncidentForm>({ resolver: zodResolver(OpenIncidentForm), defaultValues: EMPTY });
  const [status, impact] = useWatch({ control: form.control, name: ['status', 'impact'] });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { title: values.title, status: values.status, impact: impactOf(values.impact), message: values.message },
      {
        onSuccess: (answer) => {
          form.reset(EMPTY);
          onOpened(answer.data.id);
        },
      },
    ),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      size="lg"
      title="Open an incident"
      description="It appears on the public status page as soon as you open it, and confirmed subscribers get an email."
    >
      <form noValidate aria-label="Open an incident" className="space-y-4" onSubmit={onSubmit}>
        <InputField
          label="Title"
          placeholder="Elevated error rates on the delivery API"
          maxLength={TITLE_MAX}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Status"
            options={STATUS_OPTIONS}
            value={status}
            hint={STATUS_HINT[status]}
            error={errors.status?.message}
            {...form.register('status')}
          />
          <ChoiceField
            label="Impact"
            options={IMPACT_OPTIONS}
            value={impact}
            hint={impactHint(impact)}
            error={errors.impact?.message}
            {...form.register('impact')}
          />
        </div>
        <TextAreaField
          label="First update"
          rows={5}
          placeholder="We are investigating reports of failed API requests."
          hint="Public. Line breaks are kept."
          error={errors.message?.message}
          {...form.register('message')}
        />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            Open incident
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
