import { useEffect, useState } from 'react';
import { useAlert } from '../common/useAlert';

/**
 * The save of an inline panel of the job wizard (Add New Site, Add New Requester): a spinner
 * state, the success alert, and the server's refusal shown in the panel for 2 s.
 */
export function useInlineSave<T>(run: () => Promise<T>, savedText: string, onSaved: (saved: T) => void | Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const alert = useAlert();
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), 2000);
    return () => clearTimeout(timer);
  }, [error]);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await run();
      alert.success(savedText);
      await onSaved(saved);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return { error, saving, save };
}
