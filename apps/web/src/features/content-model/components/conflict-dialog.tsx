import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface ModelConflict {
  /** The server's sentence, with the count of documents in the way. */
  message: string;
  /** Per field: what the documents hold that the change would break. */
  fields: { name: string; message: string }[];
}

/**
 * The server refused a change that stored documents would not fit (409): what it said, field by
 * field, and the way back to the editor to change the model (or the documents) first.
 */
export function ConflictDialog({ conflict, onClose }: { conflict: ModelConflict | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={conflict !== null}
      onClose={onClose}
      title="Existing documents do not fit this change"
      description="Nothing was saved. Plinth keeps every document valid, so it refuses a model change that documents already stored would break."
      actions={<Button onClick={onClose}>Go back and fix</Button>}
    >
      {conflict ? (
        <div className="space-y-3">
          <p
            role="alert"
            className="flex gap-2.5 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200 ring-inset"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{conflict.message}</span>
          </p>
          {conflict.fields.length > 0 ? (
            <ul aria-label="Fields in conflict" className="space-y-1.5 text-sm">
              {conflict.fields.map((field) => (
                <li key={field.name} className="break-words text-slate-700">
                  <code className="font-mono font-semibold text-slate-900">{field.name}</code>: {field.message}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-slate-600 text-sm">
            Undo the change to {conflict.fields.length === 1 ? 'this field' : 'these fields'}, make it looser (a longer
            maximum, no longer required), or edit the documents first; then save again.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
