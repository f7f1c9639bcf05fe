import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router-dom';

const DEFAULT_TITLE = 'Remit';
const DEFAULT_DESCRIPTION = 'A modern payment platform.';

/** What a route declares in its `handle`. */
export interface RouteMeta {
  title?: string;
  description?: string;
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && ('title' in handle || 'description' in handle);
}

function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** Spec §2: every route has its own title and description, set after each navigation. */
export function useRouteMeta(routes: RouteObject[]): RouteMeta {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const meta = [...matches].reverse().find((match) => isRouteMeta(match.route.handle))?.route.handle;
  const { title, description } = isRouteMeta(meta) ? meta : {};

  useEffect(() => {
    document.title = documentTitle(title);
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description ?? DEFAULT_DESCRIPTION;
  }, [title, description]);

  return { title, description };
}
