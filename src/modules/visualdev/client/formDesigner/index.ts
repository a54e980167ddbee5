/**
 * The form designer's public face. The designer itself (palette, canvas, property panel, rjsf, dnd-kit) loads
 * only when a design screen first shows it: this file and validateDesign are all a host pays for up front.
 */
import { lazy } from 'react';

export type { FormDesignerProps } from './props.js';
export { validateDesign, type DesignProblem, type DesignProblemCode } from './validateDesign.js';

export const FormDesigner = lazy(async () => ({ default: (await import('./FormDesigner.js')).FormDesigner }));
