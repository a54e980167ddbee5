/**
 * Infinite paging of a scrolled box (a form's row table): the next page is asked for when the scroll is within this
 * many pixels of the bottom, and only while pages come back full.
 */
export const NEXT_PAGE_DISTANCE_PX = 200;

/** Whether a scrolled box is within `distance` pixels of its bottom. */
export function nearBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }, distance = NEXT_PAGE_DISTANCE_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= distance;
}

/** More pages follow only while a page comes back full. */
export function hasMoreAfter(pageLength: number, pageSize: number): boolean {
  return pageLength >= pageSize;
}
