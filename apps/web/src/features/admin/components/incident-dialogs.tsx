import { zodResolver } from '@hookform/resolvers/zod';
import type { Incident, UpdateIncidentBody } from '@plinth/contract';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ChoiceField, InputField, TextAreaField } from '../../../components/ui/form-field';
import { useEditIncident, useResolveIncident } from '../api/update-incident';
import {
  IMPACT_OPTIONS,
  impactHint,
  impactOf,
  incidentImpact,
  incidentMessage,
  incidentTitle,
  TITLE_MAX,
} from './incident-form';

interface IncidentDialogProps {
  incident: Incident;
  isOpen: boolean;
  onClose: () => void;
}

const EditForm = z.object({ title: incidentTitle, impact: incidentImpact });
type EditForm = z.infer<typeof EditForm>;

/** Corrects the title or impact; the timeline and subscribers are left alone. */
export function EditIncidentDialog({ incident, isOpen, onClose }: IncidentDialogProps) {
  const edit = useEditIncident(incident.id);
  const current: EditForm = { title: incident.title, impact: incident.impact ?? '' };
  const form = useForm<EditForm>({ resolver: zodResolver(EditForm), defaultValues: current });
  const impact = useWatch({ control: form.control, name: 'impact' });
  const { errors } = form.formState;

  // Opened again (or the incident changed meanwhile): start from what it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens.
  useEffect(() => {
    if (isOpen) form.reset({ title: incident.title, impact: incident.impact ?? '' });
  }, [isOpen]);

  const onSubmit = form.handleSubmit((values) => {
    const body: UpdateIncidentBody = {};
    if (values.title !== incident.title) body.title = values.title;
    if (impactOf(values.impact) !== incident.impact) body.impact = impactOf(values.impact);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    edit.mutate(body, { onSuccess: onClose });
  });

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Edit incident"
      description="Correct the title or impact. This changes the status page at once, adds nothing to the timeline and sends no email."
    >
      <form noValidate aria-label="Edit incident" className="space-y-4" onSubmit={onSubmit}>
        <InputField label="Title" maxLength={TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
        <ChoiceField
          label="Impact"
          options={IMPACT_OPTIONS}
          value={impact}
          hint={impactHint(impact)}
          error={errors.impact?.message}
          {...form.register('impact')}
        />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={edit.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const ResolveForm = z.object({ message: incidentMessage });
type ResolveForm = z.infer<typeof ResolveForm>;

/** Sets the status to resolved, with an optional closing message for the timeline. */
export function ResolveIncidentDialog({ incident, isOpen, onClose }: IncidentDialogProps) {
  const resolve = useResolveIncident(incident.id);
  const form = useForm<ResolveForm>({ resolver: zodResolver(ResolveForm), defaultValues: { message: '' } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens.
  useEffect(() => {
    if (isOpen) form.reset({ message: '' });
  }, [isOpen]);

  const onSubmit = form.handleSubmit((values) =>
    resolve.mutate(values.message ? { status: 'resolved', message: values.message } : { status: 'resolved' }, {
      onSuccess: onClose,
    }),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Resolve incident"
      description={
        <>“{incident.title}” will show as resolved on the status page, and confirmed subscribers get an email.</>
      }
    >
      <form noValidate aria-label="Resolve incident" className="space-y-4" onSubmit={onSubmit}>
        <TextAreaField
          label="Closing message (optional)"
          rows={4}
          placeholder="The fix is deployed and error rates are back to normal."
          hint="Public. Left empty, the timeline says “Status changed to resolved.”"
          error={form.formState.errors.message?.message}
          {...form.register('message')}
        />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={resolve.isPending}>
            Resolve incident
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
