-- Issue 21: failures are also counted per device and per address. `device` names the
-- signed device cookie the attempt carried (backend/src/auth/device.rs), NULL for a device
-- never signed in from; failures of one device never lock out another that has signed in.
ALTER TABLE sign_in_failures ADD COLUMN device TEXT;
CREATE INDEX sign_in_failures_address ON sign_in_failures (address, failed_epoch);
