import { useEffect, useRef, useState } from 'react';
import { isAbort, type UploadOptions } from '../../api/upload-files';

/** One upload under way: how far it is and how to stop it. */
export interface UploadBatch {
  id: number;
  /** 0 to 100: the share of the request body sent. */
  percent: number;
  cancel: () => void;
}

export interface UploadHandlers<T> {
  onDone: (answer: T) => void;
  onFailed: (error: unknown) => void;
}

let nextBatch = 0;

/**
 * Uploads in batches, each with its own progress and cancel; several may run at once. A
 * cancelled batch ends quietly; leaving the form cancels whatever is still under way.
 */
export function useUploads<TFiles, T>(upload: (files: TFiles, options: UploadOptions) => Promise<T>) {
  const [batches, setBatches] = useState<UploadBatch[]>([]);
  const running = useRef(new Set<AbortController>());

  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const start = (files: TFiles, { onDone, onFailed }: UploadHandlers<T>) => {
    nextBatch += 1;
    const id = nextBatch;
    const controller = new AbortController();
    running.current.add(controller);
    const cancel = () => {
      controller.abort();
    };
    setBatches((current) => [...current, { id, percent: 0, cancel }]);
    const onProgress = (sent: number, total: number) => {
      const percent = total > 0 ? Math.min(100, Math.round((sent * 100) / total)) : 0;
      setBatches((current) => current.map((batch) => (batch.id === id ? { ...batch, percent } : batch)));
    };
    upload(files, { onProgress, signal: controller.signal })
      .then(onDone, (error: unknown) => {
        if (!isAbort(error)) onFailed(error);
      })
      .finally(() => {
        running.current.delete(controller);
        setBatches((current) => current.filter((batch) => batch.id !== id));
      });
  };

  return { batches, start };
}
