/** The returned-reagent table asks for its next page when its scroll is within this many pixels of the bottom. */
export const NEXT_PAGE_DISTANCE_PX = 200;
/** Rows per page of the returned-reagent table and of the product dialog. */
export const RETURNED_PAGE_SIZE = 20;
export const PRODUCT_PAGE_SIZE = 10;

/** Whether a scrolled box is within `distance` pixels of its bottom. */
export function nearBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }, distance = NEXT_PAGE_DISTANCE_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= distance;
}

/** More pages follow only while a page comes back full. */
export function hasMoreAfter(pageLength: number, pageSize: number): boolean {
  return pageLength >= pageSize;
}
