// The async boundary lets Module Federation negotiate the shared singletons
// (react, the store, ...) before any of them is imported.
import('./bootstrap');
