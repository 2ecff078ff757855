import type { Project, StarterId } from '@plinth/contract';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useStarters } from '../api/get-starters';
import { type ProjectSetupValues, useProjectSetup } from '../hooks/use-project-setup';
import { SetupProgress } from './setup-progress';
import { EMPTY_STARTER, StarterPicker, starterChoices } from './starter-picker';

/** What the locales step's editor is given (the settings screen's editor fits it). */
export interface LocalesFieldProps {
  locales: readonly string[];
  defaultLocale: string;
  onLocalesChange: (locales: string[]) => void;
  onDefaultLocaleChange: (locale: string) => void;
}

const STEPS = [
  { id: 'name', label: 'Name' },
  { id: 'locales', label: 'Languages' },
  { id: 'starter', label: 'Starter' },
] as const;
type StepId = (typeof STEPS)[number]['id'];

function Stepper({ current }: { current: number }) {
  return (
    <ol aria-label="Setup steps" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      {STEPS.map((step, index) => {
        const isDone = index < current;
        const isCurrent = index === current;
        return (
          <li key={step.id} aria-current={isCurrent ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden
              className={`flex size-6 items-center justify-center rounded-full font-semibold text-xs ${
                isCurrent || isDone ? 'bg-indigo-600 text-white' : 'bg-slate-200 text-slate-600'
              }`}
            >
              {isDone ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span className={isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600'}>
              {step.label}
              {isDone ? <span className="sr-only"> (done)</span> : null}
            </span>
            {index < STEPS.length - 1 ? <span aria-hidden className="hidden h-px w-8 bg-slate-300 sm:block" /> : null}
          </li>
        );
      })}
    </ol>
  );
}

function StepFrame({
  title,
  description,
  headingRef,
  onSubmit,
  children,
  actions,
}: {
  title: string;
  description: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const id = useId();
  return (
    <form noValidate aria-labelledby={id} onSubmit={onSubmit} className="space-y-6">
      <div>
        <h2 id={id} ref={headingRef} tabIndex={-1} className="font-semibold text-lg text-slate-900 focus:outline-none">
          {title}
        </h2>
        <p className="mt-1 text-slate-600 text-sm">{description}</p>
      </div>
      {children}
      <div className="flex flex-wrap-reverse items-center justify-between gap-3 border-slate-100 border-t pt-5">
        {actions}
      </div>
    </form>
  );
}

/**
 * A new project in three steps (name, languages, starter), then its creation with the starter's
 * progress; it ends on the project's dashboard. What was typed stays when anything fails.
 */
export function ProjectSetupWizard({
  renderLocales,
  onDone,
}: {
  /** The locales editor of the project settings, given by the route so features stay apart. */
  renderLocales: (props: LocalesFieldProps) => ReactNode;
  onDone: (project: Project) => void;
}) {
  const [step, setStep] = useState<StepId>('name');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [locales, setLocales] = useState<string[]>(['en']);
  const [defaultLocale, setDefaultLocale] = useState('en');
  const [chosenStarter, setChosenStarter] = useState<StarterId | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<StepId>('name');
  const starters = useStarters();
  const setup = useProjectSetup({ onDone });

  const choices = starters.isSuccess ? starterChoices(starters.data.data) : [EMPTY_STARTER];
  // Without a list, the project can only start empty; with one, the first starter is suggested.
  const starter = starters.isSuccess ? (chosenStarter ?? choices[0]?.id ?? 'empty') : 'empty';
  const starterName = choices.find((choice) => choice.id === setup.starter)?.name ?? setup.starter;

  // Each new step is announced by moving focus to its heading (not on arrival: the page is new).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const stepIndex = STEPS.findIndex((item) => item.id === step);

  if (setup.project || setup.isCreating) {
    return (
      <SetupProgress
        projectName={name.trim()}
        starterName={setup.starter === 'empty' ? null : starterName}
        isCreated={setup.project !== null}
        starterError={setup.starterError}
        isRetrying={setup.isApplying}
        onRetry={setup.retryStarter}
        onSkip={setup.skipStarter}
      />
    );
  }

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Give the project a name');
    if (trimmed.length > 120) return setNameError('Use at most 120 characters');
    setNameError(null);
    setStep('locales');
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    const values: ProjectSetupValues = { name, locales, defaultLocale, starter };
    setup.start(values);
  };

  const back = (to: StepId) => (
    <Button variant="ghost" onClick={() => setStep(to)}>
      <ArrowLeft className="size-4" aria-hidden />
      Back
    </Button>
  );

  return (
    <div className="space-y-8">
      <Stepper current={stepIndex} />
      {step === 'name' ? (
        <StepFrame
          title="Name your project"
          description="Name it after the site or app it powers. You can rename it later in the settings."
          headingRef={heading}
          onSubmit={submitName}
          actions={
            <Button type="submit" className="ml-auto">
              Continue
              <ArrowRight className="size-4" aria-hidden />
            </Button>
          }
        >
          <div className="max-w-lg">
            <InputField
              label="Project name"
              placeholder="Marketing site"
              autoComplete="off"
              maxLength={120}
              value={name}
              error={nameError ?? undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        </StepFrame>
      ) : null}
      {step === 'locales' ? (
        <StepFrame
          title="Choose its languages"
          description="Add every language your content will be written in, and the default one. You can change them later."
          headingRef={heading}
          onSubmit={(event) => {
            event.preventDefault();
            setStep('starter');
          }}
          actions={
            <>
              {back('name')}
              <Button type="submit">
                Continue
                <ArrowRight className="size-4" aria-hidden />
              </Button>
            </>
          }
        >
          {renderLocales({
            locales,
            defaultLocale,
            onLocalesChange: setLocales,
            onDefaultLocaleChange: setDefaultLocale,
          })}
        </StepFrame>
      ) : null}
      {step === 'starter' ? (
        <StepFrame
          title="Pick a starter"
          description="A starter creates a content model with sample documents and images to explore. Everything it adds can be changed or deleted."
          headingRef={heading}
          onSubmit={create}
          actions={
            <>
              {back('locales')}
              <Button type="submit">{starter === 'empty' ? 'Create an empty project' : 'Create project'}</Button>
            </>
          }
        >
          <StarterPicker value={starter} onChange={setChosenStarter} />
        </StepFrame>
      ) : null}
    </div>
  );
}
