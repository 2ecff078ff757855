import { zodResolver } from '@hookform/resolvers/zod';
import { INCIDENT_STATUSES, type Incident, type IncidentStatus, type UpdateIncidentBody } from '@plinth/contract';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ChoiceField, TextAreaField } from '../../../components/ui/form-field';
import { usePostIncidentUpdate } from '../api/update-incident';
import { incidentMessage, STATUS_HINT, STATUS_OPTIONS } from './incident-form';
import { INCIDENT_STATUS } from './labels';

const formFor = (current: IncidentStatus) =>
  z
    .object({
      status: z.enum(INCIDENT_STATUSES),
      message: incidentMessage,
    })
    .refine((values) => values.status !== current || values.message.length > 0, {
      path: ['message'],
      message: 'Write an update, or choose a new status',
    });
type UpdateForm = { status: IncidentStatus; message: string };

function statusHint(current: IncidentStatus, next: IncidentStatus): string {
  if (next === current) return `Stays ${INCIDENT_STATUS[current].label.toLowerCase()}.`;
  if (current === 'resolved') return `Reopens the incident. ${STATUS_HINT[next]}`;
  return `Changes it from ${INCIDENT_STATUS[current].label.toLowerCase()}. ${STATUS_HINT[next]}`;
}

/** A new entry on the timeline: a message, a new status, or both. */
export function IncidentUpdateForm({ incident }: { incident: Incident }) {
  const post = usePostIncidentUpdate(incident.id);
  const schema = useMemo(() => formFor(incident.status), [incident.status]);
  const form = useForm<UpdateForm>({
    resolver: zodResolver(schema),
    defaultValues: { status: incident.status, message: '' },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const body: UpdateIncidentBody = {};
    if (values.status !== incident.status) body.status = values.status;
    if (values.message) body.message = values.message;
    post.mutate(body, { onSuccess: (answer) => form.reset({ status: answer.data.status, message: '' }) });
  });

  return (
    <form noValidate aria-label="Post an update" className="space-y-4" onSubmit={onSubmit}>
      <ChoiceField
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        hint={statusHint(incident.status, status)}
        error={errors.status?.message}
        {...form.register('status')}
      />
      <TextAreaField
        label="Update"
        rows={5}
        placeholder="We have found the cause and are rolling out a fix."
        hint="Public: shown on the status page and emailed to confirmed subscribers. Line breaks are kept."
        error={errors.message?.message}
        {...form.register('message')}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={post.isPending}>
          Post update
        </Button>
      </div>
    </form>
  );
}
