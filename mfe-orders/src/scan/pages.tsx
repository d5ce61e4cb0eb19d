import { ScanScreen } from './ScanScreen.js';

/** The barcode screens as pages (orders §2): check-in (staff), check-out (non-drivers), the driver's scan. */
export const CheckIn = () => <ScanScreen mode="checkin" />;
export const CheckOut = () => <ScanScreen mode="checkout" />;
export const DriverScan = () => <ScanScreen mode="driver" />;
