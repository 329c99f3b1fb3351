// Types for route-budgets.mjs (a plain Node module the web build's Vite config loads), for the tests.
export interface RouteBudget {
  route: string;
  modules: string[];
  budgetKb: number;
  page?: string;
  afterPaint?: string[];
}
export interface MeasuredRoute {
  route: string;
  files: string[];
  gzipBytes: number;
  budgetKb: number;
  over: boolean;
  afterPaintFiles: string[];
  afterPaintGzipBytes: number;
}
export interface BundleItem {
  type: string;
  fileName: string;
  code?: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}
export declare const ROUTE_BUDGETS: RouteBudget[];
export declare const BOOT_MODULES: string[];
export declare function measureRoutes(bundle: Record<string, BundleItem>, routes: RouteBudget[], boot?: string[]): { routes: MeasuredRoute[]; bootFiles: string[]; problems: string[] };
export declare function routePage(indexHtml: string, files: string[]): string;
export declare function formatRoutes(routes: MeasuredRoute[]): string;
export declare function formatRouteFiles(route: Pick<MeasuredRoute, 'route' | 'files'>, bundle: Record<string, BundleItem>): string;
export declare function routeBudgets(routes?: RouteBudget[]): { name: string; apply: 'build' };
