// What the page shares as `react-router-dom`: the declarative router the
// front ends use, re-exported from react-router so the bundler can drop the
// rest (data routers, server rendering, cookies, RSC — 46 KB gzip of the
// 60 KB a shared, whole react-router-dom costs on every page, docs/limits-and-budgets.md#speed-and-size-budgets).
// Apps keep writing `import { Link } from 'react-router-dom'`; lint allows
// only these names (tools/rspack/router-surface.mjs), and a tools test checks
// each one against the installed package. A router on a history of its own
// (unstable_HistoryRouter and the two histories) is the product's guarded
// history (libs/shared/src/ui/leave-guard.tsx), at no cost beyond BrowserRouter's.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Outlet,
  Navigate,
  Link,
  NavLink,
  useRoutes,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useOutlet,
  useOutletContext,
  useResolvedPath,
  matchPath,
  matchRoutes,
  generatePath,
  createSearchParams,
  resolvePath,
  unstable_HistoryRouter,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
} from 'react-router';
