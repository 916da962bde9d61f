export interface RouteConfig {
  /** Evaluated in order; the first JSONata condition that is truthy names the branch. */
  routes: Array<{ branch: string; when: string }>;
}
