import { useEffect, useState } from 'react';

/** How long after the last change the draft is written (typing does not write on every key). */
export const DRAFT_WRITE_MS = 500;
/** A draft older than this is not offered (and is removed). */
const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type Stored<I> = { values: I; savedAt: number };

function read<I>(storageKey: string): Stored<I> | null {
  try {
    const raw = window.localStorage.getItem(storageKey);
    const stored = raw ? (JSON.parse(raw) as Stored<I>) : null;
    if (stored && Date.now() - stored.savedAt < DRAFT_MAX_AGE_MS) return stored;
    if (stored) window.localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, quota) or a damaged entry: no draft.
  }
  return null;
}

/**
 * Keeps a form's values in this browser while they have changes (issue 17 point 8: nothing typed is lost), and on
 * the next visit offers them back: `offer` is the kept draft (when it differs from what the form starts with),
 * `restore` puts it in the form, `discard` drops it. Call `clear` once the form is saved. `key` names the form and
 * what it edits (and whose it is: the same browser may be shared).
 */
export function useLocalDraft<I>(key: string, form: { values: I; dirty: boolean; setValues: (values: I) => void }) {
  const storageKey = `portal-draft:${key}`;
  const [offer, setOffer] = useState(() => {
    const stored = read<I>(storageKey);
    return stored && JSON.stringify(stored.values) !== JSON.stringify(form.values) ? stored : null;
  });

  useEffect(() => {
    if (!form.dirty) return;
    const timer = setTimeout(() => {
      try {
        window.localStorage.setItem(storageKey, JSON.stringify({ values: form.values, savedAt: Date.now() }));
      } catch {
        // Storage refused: the leave guard still asks before the changes are lost.
      }
    }, DRAFT_WRITE_MS);
    return () => clearTimeout(timer);
  }, [storageKey, form.values, form.dirty]);

  const clear = () => {
    try {
      window.localStorage.removeItem(storageKey);
    } catch {
      // Nothing kept.
    }
  };
  return {
    offer: offer && { savedAt: new Date(offer.savedAt) },
    restore: () => {
      if (offer) form.setValues(offer.values);
      setOffer(null);
    },
    discard: () => {
      clear();
      setOffer(null);
    },
    clear,
  };
}
