import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useCreateProject } from '../api/create-project';

const ProjectForm = z.object({
  name: z.string().trim().min(1, 'Give the project a name').max(120, 'Use at most 120 characters'),
});
type ProjectForm = z.infer<typeof ProjectForm>;

export function CreateProjectForm({ onCreated }: { onCreated?: (projectId: string) => void }) {
  const create = useCreateProject();
  const form = useForm<ProjectForm>({ resolver: zodResolver(ProjectForm), defaultValues: { name: '' } });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        onCreated?.(answer.data.id);
      },
    }),
  );

  return (
    <form
      noValidate
      aria-label="Create a project"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={onSubmit}
    >
      <div className="flex-1">
        <InputField
          label="Project name"
          placeholder="Marketing site"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <Button type="submit" className="sm:mt-7" isLoading={create.isPending}>
        Create project
      </Button>
    </form>
  );
}
