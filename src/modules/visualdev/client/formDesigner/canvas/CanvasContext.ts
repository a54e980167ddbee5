import { createContext, useContext } from 'react';

/** Where a drag would land, shown while dragging: before or after a node, or at the end of a node's children. */
export interface DropIndicator {
  targetId: string;
  position: 'before' | 'after' | 'inside';
}

export interface CanvasActions {
  selectedId: string | undefined;
  indicator: DropIndicator | undefined;
  problems: ReadonlyMap<string, string[]>;
  language: 'zh' | 'zhtw' | 'en';
  select(id: string): void;
  copy(id: string): void;
  remove(id: string): void;
  addPane(id: string): void;
}

export const CanvasContext = createContext<CanvasActions | null>(null);

export function useCanvas(): CanvasActions {
  const context = useContext(CanvasContext);
  if (!context) throw new Error('canvas nodes render inside the form designer');
  return context;
}

export const ROOT_LIST = 'list:root';
export const listId = (parentId: string | null) => (parentId === null ? ROOT_LIST : `list:${parentId}`);
export const parentOfList = (id: string): string | null | undefined => (!id.startsWith('list:') ? undefined : id === ROOT_LIST ? null : id.slice(5));
