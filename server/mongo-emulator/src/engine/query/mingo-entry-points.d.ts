/**
 * mingo's core entry points, published through its package.json "exports", which this project's module
 * resolution ("node") does not read: their types are mingo's own declaration files.
 */
declare module 'mingo/aggregator' {
	export * from 'mingo/types/aggregator';
}
declare module 'mingo/query' {
	export * from 'mingo/types/query';
}
declare module 'mingo/updater' {
	export * from 'mingo/types/updater';
}
declare module 'mingo/operators/accumulator' {
	export * from 'mingo/types/operators/accumulator';
}
declare module 'mingo/operators/expression' {
	export * from 'mingo/types/operators/expression';
}
declare module 'mingo/operators/pipeline' {
	export * from 'mingo/types/operators/pipeline';
}
declare module 'mingo/operators/projection' {
	export * from 'mingo/types/operators/projection';
}
declare module 'mingo/operators/query' {
	export * from 'mingo/types/operators/query';
}
declare module 'mingo/operators/window' {
	export * from 'mingo/types/operators/window';
}
