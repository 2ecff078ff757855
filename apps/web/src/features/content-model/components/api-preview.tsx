import { Tabs } from 'radix-ui';
import { useDeferredValue } from 'react';
import { CodeBlock } from '../../../components/ui/code-block';
import { graphqlOf, type ShapeContext, type ShapeModel, sampleDocument, typeScriptOf } from '../api-shape';

const TAB =
  'rounded-md px-3 py-1.5 font-medium text-slate-600 text-sm hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/**
 * What the API will give for the model as it is being edited: a document as REST returns it,
 * its TypeScript type, and its GraphQL type. Follows the form a moment behind typing.
 */
export function ApiPreview({ model, context }: { model: ShapeModel; context: ShapeContext }) {
  const deferred = useDeferredValue(model);
  const isComponent = deferred.mode === 'component';
  const json = JSON.stringify(sampleDocument(deferred, context), null, 2);
  return (
    <section aria-labelledby="api-preview-title" className="min-w-0 space-y-3">
      <div>
        <h2 id="api-preview-title" className="font-semibold text-slate-900">
          API preview
        </h2>
        <p className="break-words text-slate-600 text-sm [overflow-wrap:anywhere]">
          {isComponent
            ? 'A block of this component inside a blocks field, with sample values.'
            : `GET …/collections/${deferred.slug || '<slug>'}/documents/:id, with sample values.`}{' '}
          Hidden fields are sent to members only.
        </p>
      </div>
      <Tabs.Root defaultValue="json">
        <Tabs.List aria-label="API preview format" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="json" className={TAB}>
            JSON
          </Tabs.Trigger>
          <Tabs.Trigger value="typescript" className={TAB}>
            TypeScript
          </Tabs.Trigger>
          <Tabs.Trigger value="graphql" className={TAB}>
            GraphQL
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="json" className="mt-3 focus-visible:outline-none">
          <CodeBlock code={json} label="Example document (JSON)" copyLabel="Copy JSON" maxHeight="max-h-[32rem]" />
        </Tabs.Content>
        <Tabs.Content value="typescript" className="mt-3 focus-visible:outline-none">
          <CodeBlock
            code={typeScriptOf(deferred, context)}
            label="TypeScript type"
            copyLabel="Copy type"
            maxHeight="max-h-[32rem]"
          />
        </Tabs.Content>
        <Tabs.Content value="graphql" className="mt-3 focus-visible:outline-none">
          <CodeBlock
            code={graphqlOf(deferred, context)}
            label="GraphQL type"
            copyLabel="Copy type"
            maxHeight="max-h-[32rem]"
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
