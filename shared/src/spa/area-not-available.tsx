import { useStore } from '@nanostores/react';
import { AreaNotAvailable } from '../ui/components.tsx';
import { reactLifecycles } from './lifecycles.tsx';
import { $currentRoute } from './navigation.ts';

function CurrentAreaNotAvailable() {
  const route = useStore($currentRoute);
  return <AreaNotAvailable title={route?.title ?? 'Console'} />;
}

/** Lifecycles of a micro-app whose screens are not built yet: each of its routes says so plainly. */
export function areaNotAvailableLifecycles() {
  return reactLifecycles(CurrentAreaNotAvailable);
}
