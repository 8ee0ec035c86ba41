import { useSyncExternalStore } from 'react';
import { getSessionStatus, subscribeSession } from './session';

export const useSessionStatus = () => useSyncExternalStore(subscribeSession, getSessionStatus);
