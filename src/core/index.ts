// The audit itself as plain TypeScript: no React, no DOM, no Node I/O.
export * from './areas';
export * from './responses';
export * from './scoring';
export * from './rating';
export * from './roadmap';
export * from './profile';
export * from './benchmark';
export * from './insight';
export * from './report';
export * from './format-day';
export * from './report-words';
export * from './sentence';
export * from './progress';
export * from './progress-words';
export * from './action-plan';
export * from './team-view';
export * from './team-view-words';
