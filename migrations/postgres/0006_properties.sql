-- Property listings (core-panel.md §3, §7): the listing itself, its ordered images and its
-- selected features.
--
-- Money (price, maintenance_fee, property_tax) is stored as a whole number of thousandths
-- of the currency unit: exact on both databases, sortable by index, and fine enough for the
-- three-decimal dinar (JOD). 1234567.89 is kept as 1234567890.
CREATE TABLE properties (
    id BIGSERIAL PRIMARY KEY,
    property_number TEXT,
    title_en TEXT NOT NULL,
    title_ar TEXT NOT NULL,
    description_en TEXT NOT NULL,
    description_ar TEXT NOT NULL,
    location_en TEXT NOT NULL,
    location_ar TEXT NOT NULL,
    price BIGINT NOT NULL, -- thousandths
    currency TEXT NOT NULL,
    area DOUBLE PRECISION,
    plot_area DOUBLE PRECISION,
    built_area DOUBLE PRECISION,
    -- Absent only on listings made with the older quick form, which has no location picker.
    country_id BIGINT REFERENCES countries (id) ON DELETE RESTRICT,
    city_id BIGINT REFERENCES cities (id) ON DELETE RESTRICT,
    region_id BIGINT REFERENCES regions (id) ON DELETE RESTRICT,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
    type_id BIGINT NOT NULL REFERENCES property_types (id) ON DELETE RESTRICT,
    continent TEXT,
    status TEXT NOT NULL DEFAULT 'active', -- active, pending or sold
    display_type TEXT NOT NULL DEFAULT 'public', -- public or investment
    facing TEXT,
    is_featured BOOLEAN NOT NULL DEFAULT FALSE,
    bedroom INTEGER NOT NULL DEFAULT 0,
    master_bedroom INTEGER NOT NULL DEFAULT 0,
    maids_room INTEGER NOT NULL DEFAULT 0,
    living_room INTEGER NOT NULL DEFAULT 0,
    kitchen INTEGER NOT NULL DEFAULT 0,
    open_kitchen INTEGER NOT NULL DEFAULT 0,
    service_kitchen INTEGER NOT NULL DEFAULT 0,
    laundry_room INTEGER NOT NULL DEFAULT 0,
    bathroom INTEGER NOT NULL DEFAULT 0,
    balcony INTEGER NOT NULL DEFAULT 0,
    terrace INTEGER NOT NULL DEFAULT 0,
    guest_room INTEGER NOT NULL DEFAULT 0,
    storage INTEGER NOT NULL DEFAULT 0,
    building_type_new TEXT, -- required by the comprehensive form; absent from quick-form listings
    year_built INTEGER,
    building_condition TEXT,
    number_of_floors_in_building INTEGER,
    floor_number_unit INTEGER,
    apartments_per_floor INTEGER,
    parking_spaces_available INTEGER,
    elevators_available BOOLEAN NOT NULL DEFAULT FALSE,
    fire_safety_system BOOLEAN NOT NULL DEFAULT FALSE,
    hotel_style_entrance BOOLEAN NOT NULL DEFAULT FALSE,
    parking_space BOOLEAN NOT NULL DEFAULT FALSE,
    furnished BOOLEAN NOT NULL DEFAULT FALSE,
    fitted_kitchen BOOLEAN NOT NULL DEFAULT FALSE,
    kitchen_with_appliances BOOLEAN NOT NULL DEFAULT FALSE,
    gas_central_heating BOOLEAN NOT NULL DEFAULT FALSE,
    diesel_central_heating BOOLEAN NOT NULL DEFAULT FALSE,
    air_conditioning_unit BOOLEAN NOT NULL DEFAULT FALSE,
    double_glazed_aluminum_windows BOOLEAN NOT NULL DEFAULT FALSE,
    electric_shutters BOOLEAN NOT NULL DEFAULT FALSE,
    gas_fireplace BOOLEAN NOT NULL DEFAULT FALSE,
    diesel_fireplace BOOLEAN NOT NULL DEFAULT FALSE,
    has_intercom BOOLEAN NOT NULL DEFAULT FALSE,
    decoration BOOLEAN NOT NULL DEFAULT FALSE,
    smart_home_system BOOLEAN NOT NULL DEFAULT FALSE,
    has_underfloor_heating BOOLEAN NOT NULL DEFAULT FALSE,
    has_central_ac BOOLEAN NOT NULL DEFAULT FALSE,
    panoramic_view BOOLEAN NOT NULL DEFAULT FALSE,
    security_system_cctv_alarm BOOLEAN NOT NULL DEFAULT FALSE,
    swimming_pool_shared_or_private BOOLEAN NOT NULL DEFAULT FALSE,
    gym_fitness_center BOOLEAN NOT NULL DEFAULT FALSE,
    sauna_jacuzzi BOOLEAN NOT NULL DEFAULT FALSE,
    bbq_area BOOLEAN NOT NULL DEFAULT FALSE,
    kids_play_area BOOLEAN NOT NULL DEFAULT FALSE,
    lobby BOOLEAN NOT NULL DEFAULT FALSE,
    private_elevator BOOLEAN NOT NULL DEFAULT FALSE,
    maintenance_fee BIGINT, -- thousandths
    property_tax BIGINT, -- thousandths
    video_url TEXT,
    virtual_tour_url TEXT,
    -- The older quick form's own fields, kept as it sent them.
    bedrooms INTEGER,
    bathrooms INTEGER,
    floor INTEGER,
    total_floors INTEGER,
    parking_spaces INTEGER,
    building_age INTEGER,
    has_balcony BOOLEAN NOT NULL DEFAULT FALSE,
    has_garden BOOLEAN NOT NULL DEFAULT FALSE,
    has_elevator BOOLEAN NOT NULL DEFAULT FALSE,
    has_swimming_pool BOOLEAN NOT NULL DEFAULT FALSE,
    has_gym BOOLEAN NOT NULL DEFAULT FALSE,
    has_security BOOLEAN NOT NULL DEFAULT FALSE,
    pets_allowed BOOLEAN NOT NULL DEFAULT FALSE,
    -- fold(titleEn, titleAr, propertyNumber, locationEn, locationAr), one per line: what q matches.
    search_text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    featured_at TEXT,
    last_renovated TEXT,
    version BIGINT NOT NULL DEFAULT 1
);

-- Every filter and sort of the list has an index; stats count from the status index.
CREATE INDEX properties_status ON properties (status);
CREATE INDEX properties_category_id ON properties (category_id);
CREATE INDEX properties_type_id ON properties (type_id);
CREATE INDEX properties_country_id ON properties (country_id);
CREATE INDEX properties_city_id ON properties (city_id);
CREATE INDEX properties_region_id ON properties (region_id);
CREATE INDEX properties_display_type ON properties (display_type);
CREATE INDEX properties_is_featured ON properties (is_featured);
CREATE INDEX properties_created_at ON properties (created_at);
CREATE INDEX properties_updated_at ON properties (updated_at);
CREATE INDEX properties_price ON properties (price);
CREATE INDEX properties_title_en ON properties (title_en);
CREATE INDEX properties_property_number ON properties (property_number);

-- Substring search: trigram index over the folded text (pg_trgm is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX properties_search_text ON properties USING gin (search_text gin_trgm_ops);

-- The listing's images in order; position 0 is the cover. A reference is a /media path or an
-- accepted outside URL.
CREATE TABLE property_images (
    property_id BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    reference TEXT NOT NULL,
    PRIMARY KEY (property_id, position)
);

-- The selectable features chosen for a listing; gone with either side.
CREATE TABLE property_feature_assignments (
    property_id BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    feature_id BIGINT NOT NULL REFERENCES property_features (id) ON DELETE CASCADE,
    PRIMARY KEY (property_id, feature_id)
);
CREATE INDEX property_feature_assignments_feature_id ON property_feature_assignments (feature_id);
