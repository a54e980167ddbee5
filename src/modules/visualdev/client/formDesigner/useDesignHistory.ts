import { useCallback, useRef, useState } from 'react';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { fromDefinition, toDefinition, type DesignTree } from './model/designTree.js';
import { record, redo as redoStep, startHistory, undo as undoStep, type History } from './model/history.js';

/**
 * The design and its history, kept in step with the host: every change (an edit, an undo, a redo) goes out
 * through onChange as JNPF formData, and a value the host swaps in (another design loaded) starts a new history.
 */
export function useDesignHistory(value: FormDefinition, onChange: (next: FormDefinition) => void) {
  const emitted = useRef<FormDefinition | undefined>(undefined);
  const [history, setHistory] = useState<History<DesignTree>>(() => startHistory(fromDefinition(value)));
  const current = useRef(history);
  current.current = history;

  const seen = useRef(value);
  if (value !== seen.current) {
    seen.current = value;
    if (value !== emitted.current) {
      // The host replaced the design (not one of ours coming back): a new design, a new history.
      const fresh = startHistory(fromDefinition(value));
      current.current = fresh;
      setHistory(fresh);
    }
  }

  const commit = useCallback(
    (next: History<DesignTree>) => {
      if (next === current.current) return;
      current.current = next;
      setHistory(next);
      const definition = toDefinition(next.present);
      emitted.current = definition;
      onChange(definition);
    },
    [onChange],
  );

  const apply = useCallback((change: (tree: DesignTree) => DesignTree, coalesce?: string) => commit(record(current.current, change(current.current.present), coalesce)), [commit]);
  const undo = useCallback(() => commit(undoStep(current.current)), [commit]);
  const redo = useCallback(() => commit(redoStep(current.current)), [commit]);
  return { tree: history.present, canUndo: history.past.length > 0, canRedo: history.future.length > 0, apply, undo, redo };
}
