import type { AiTokenUsage } from '@plinth/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AiGenerateBody, streamGeneration } from '../api/generate';

export type GenerationStatus = 'idle' | 'streaming' | 'done' | 'stopped' | 'failed';

export interface Generation {
  status: GenerationStatus;
  /** What arrived so far (the whole text once done); kept when stopped or failed midway. */
  text: string;
  error: unknown;
  usage: AiTokenUsage | null;
  start: (body: AiGenerateBody) => void;
  /** Ends the stream where it is. */
  stop: () => void;
  /** Back to nothing, stopping a stream under way. */
  reset: () => void;
}

/** One streamed generation at a time for the Write tab: its text as it comes, Stop, and how it ended. */
export function useGeneration(projectId: string): Generation {
  const [status, setStatus] = useState<GenerationStatus>('idle');
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [usage, setUsage] = useState<AiTokenUsage | null>(null);
  const controller = useRef<AbortController | null>(null);

  // A panel closed mid-stream stops paying for tokens nobody reads.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (body: AiGenerateBody) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStatus('streaming');
      setText('');
      setError(null);
      setUsage(null);
      streamGeneration({
        projectId,
        body,
        signal: current.signal,
        onDelta: (piece) => {
          if (!current.signal.aborted) setText((shown) => shown + piece);
        },
      })
        .then((result) => {
          if (current.signal.aborted) return;
          setText(result.text);
          setUsage(result.usage);
          setStatus('done');
        })
        .catch((failure: unknown) => {
          if (controller.current !== current) return;
          if (current.signal.aborted) setStatus('stopped');
          else {
            setError(failure);
            setStatus('failed');
          }
        });
    },
    [projectId],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    setStatus((now) => (now === 'streaming' ? 'stopped' : now));
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStatus('idle');
    setText('');
    setError(null);
    setUsage(null);
  }, []);

  return { status, text, error, usage, start, stop, reset };
}
