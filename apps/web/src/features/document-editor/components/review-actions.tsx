import type { Collection, Document, Project } from '@plinth/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { useCan } from '../../../lib/current-project';
import { useWorkflowAction } from '../api/document';

const STAGES = { in_review: 'In review', approved: 'Approved', rejected: 'Changes requested' } as const;

/**
 * The review of a document, by role: writers submit it (a collection that requires approval
 * can be published only once approved), editors and up approve it or send it back with a
 * comment. Saving after an approval asks for a new review (the server says so).
 */
export function ReviewActions({
  project,
  collection,
  document,
  hasUnsaved,
}: {
  project: Project;
  collection: Collection;
  document: Document;
  hasUnsaved: boolean;
}) {
  const canWrite = useCan('content.update_own');
  const canApprove = useCan('content.publish');
  const step = useWorkflowAction(project.id, collection.slug, document.id);
  const [isRejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  // Sent back without a word, the author cannot tell what to change.
  const [isCommentMissing, setCommentMissing] = useState(false);
  const closeRejecting = () => {
    setRejecting(false);
    setCommentMissing(false);
  };
  const stage = document.workflow_stage;
  if (!collection.requires_approval && stage === null) return null;
  const canSubmit = canWrite && (stage === null || stage === 'rejected');
  return (
    <div className="flex flex-wrap items-center gap-2">
      {stage ? (
        <Badge tone={stage === 'approved' ? 'success' : stage === 'rejected' ? 'danger' : 'info'}>
          {STAGES[stage]}
        </Badge>
      ) : null}
      {canSubmit ? (
        <Button
          variant="secondary"
          disabled={hasUnsaved || step.isPending}
          title={hasUnsaved ? 'Save your changes first' : undefined}
          onClick={() => step.mutate({ action: 'submit' })}
        >
          Submit for review
        </Button>
      ) : null}
      {canApprove && stage === 'in_review' ? (
        <>
          <Button disabled={hasUnsaved || step.isPending} onClick={() => step.mutate({ action: 'approve' })}>
            Approve
          </Button>
          <Button variant="secondary" disabled={step.isPending} onClick={() => setRejecting(true)}>
            Request changes…
          </Button>
        </>
      ) : null}
      <Dialog
        isOpen={isRejecting}
        title="Request changes"
        description="Say what needs to change: the author sees your comment in the document's activity."
        onClose={closeRejecting}
        actions={
          <>
            <Button variant="secondary" onClick={closeRejecting}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isLoading={step.isPending}
              onClick={() => {
                if (!comment.trim()) {
                  setCommentMissing(true);
                  return;
                }
                step.mutate(
                  { action: 'reject', comment: comment.trim() },
                  {
                    onSuccess: () => {
                      setRejecting(false);
                      setComment('');
                    },
                  },
                );
              }}
            >
              Send back
            </Button>
          </>
        }
      >
        <TextAreaField
          label="Comment"
          maxLength={2000}
          required
          value={comment}
          error={isCommentMissing ? 'Say what needs to change before sending it back.' : undefined}
          onChange={(event) => {
            setComment(event.target.value);
            setCommentMissing(false);
          }}
        />
      </Dialog>
    </div>
  );
}
