export * from './components/index';
export * from './core/index';
export * from './react/index';
