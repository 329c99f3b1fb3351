import type { ComponentType } from 'react';

/**
 * Components a page can ask the header to show in its middle, by key (navigation state's
 * middleComponentKey). Keys keep the navigation state serialisable; none is registered yet.
 */
export const MIDDLE_COMPONENTS: Partial<Record<string, ComponentType>> = {};
