import { useConfirm as useUiConfirm } from '@portal/ui';

/** The design system's awaited yes/no dialog (@portal/ui useConfirm) with this MFE's test ids ('fleet-confirm'). */
export const useConfirm = (testId = 'fleet-confirm') => useUiConfirm(testId);
