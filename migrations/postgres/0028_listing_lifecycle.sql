-- Listings an agency may legally advertise (issue 39): rentals, the map pin, a publishing
-- window, advertising permits and the authorities of the places that require them, and the
-- licence numbers of agents and of the company. Every existing listing is a sale with
-- none of the new facts, which is what every call of the specification still sends.
ALTER TABLE properties ADD COLUMN offering_type TEXT NOT NULL DEFAULT 'sale';
ALTER TABLE properties ADD COLUMN rent_frequency TEXT;
ALTER TABLE properties ADD COLUMN latitude DOUBLE PRECISION;
ALTER TABLE properties ADD COLUMN longitude DOUBLE PRECISION;
ALTER TABLE properties ADD COLUMN location_approximate BOOLEAN NOT NULL DEFAULT FALSE;
-- Instants as record timestamps are stored (RFC 3339 UTC text), so they compare as text.
ALTER TABLE properties ADD COLUMN publish_at TEXT;
ALTER TABLE properties ADD COLUMN unpublish_at TEXT;
ALTER TABLE properties ADD COLUMN permit_number TEXT;
ALTER TABLE properties ADD COLUMN permit_issued_at TEXT;
ALTER TABLE properties ADD COLUMN permit_expires_at TEXT;
ALTER TABLE properties ADD COLUMN contract_ends_at TEXT;
ALTER TABLE properties ADD COLUMN permit_qr_image TEXT;
-- The price before the last change of price (thousandths) and when it changed: the public
-- site shows a recent drop.
ALTER TABLE properties ADD COLUMN previous_price BIGINT;
ALTER TABLE properties ADD COLUMN price_changed_at TEXT;

-- One permit serves one listing that is not archived; the write names the holder first,
-- this keeps two racing writes from both succeeding.
CREATE UNIQUE INDEX properties_permit ON properties (permit_number)
    WHERE permit_number IS NOT NULL AND status <> 'archived';
-- The instants the public lists change at with no write (the list cache's next change), and
-- the permit sweep's reading.
CREATE INDEX properties_permit_expiry ON properties (permit_expires_at) WHERE permit_expires_at IS NOT NULL;
CREATE INDEX properties_contract_end ON properties (contract_ends_at) WHERE contract_ends_at IS NOT NULL;
CREATE INDEX properties_publish_at ON properties (publish_at) WHERE publish_at IS NOT NULL;
CREATE INDEX properties_unpublish_at ON properties (unpublish_at) WHERE unpublish_at IS NOT NULL;

ALTER TABLE countries ADD COLUMN advertising_authority TEXT;
ALTER TABLE cities ADD COLUMN advertising_authority TEXT;
ALTER TABLE regions ADD COLUMN advertising_authority TEXT;

ALTER TABLE users ADD COLUMN license_number TEXT;
ALTER TABLE settings ADD COLUMN license_number TEXT;
ALTER TABLE settings ADD COLUMN license_authority TEXT;

-- The public list answers name each listing's agent and licence: a change of either is a
-- change of the answers the list cache keeps (migration 0008).
CREATE TRIGGER users_revision AFTER UPDATE OF username, full_name, license_number OR DELETE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION bump_properties_revision();

-- A notification is about a lead, or about a listing's permit (14 and 3 days before it
-- expires, and when it has): `kind` says which, and the row names the lead or the listing.
ALTER TABLE notifications ALTER COLUMN contact_request_id DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN kind TEXT NOT NULL DEFAULT 'lead';
ALTER TABLE notifications ADD COLUMN property_id BIGINT REFERENCES properties (id) ON DELETE CASCADE;
CREATE INDEX notifications_property ON notifications (property_id) WHERE property_id IS NOT NULL;

-- Each permit notice of a listing goes once per permit expiry: a renewed permit (another
-- expiry) is warned of again.
CREATE TABLE permit_notices (
    property_id BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (property_id, kind, expires_at)
);
