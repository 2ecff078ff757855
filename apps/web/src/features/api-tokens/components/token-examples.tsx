import { Tabs } from 'radix-ui';
import { CodeBlock } from '../../../components/ui/code-block';
import { type ExampleValues, tokenExamples } from '../examples';

const TAB =
  'whitespace-nowrap border-b-2 border-transparent px-2.5 py-2 font-medium text-slate-600 text-sm hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700';

/** The same first request in curl, JavaScript, the SDK and GraphQL, each with its own copy button. */
export function TokenExamples(values: ExampleValues) {
  const examples = tokenExamples(values);
  return (
    <Tabs.Root defaultValue="curl">
      <Tabs.List aria-label="Example language" className="-mb-px flex gap-1 overflow-x-auto border-slate-200 border-b">
        {examples.map((example) => (
          <Tabs.Trigger key={example.id} value={example.id} className={TAB}>
            {example.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {examples.map((example) => (
        <Tabs.Content key={example.id} value={example.id} className="pt-3 focus-visible:outline-none">
          <CodeBlock code={example.code} label={example.caption} copyLabel="Copy code" maxHeight="max-h-72" />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
