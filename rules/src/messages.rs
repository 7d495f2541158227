//! Every user-facing validation message, spelled once.
//!
//! Strings quoted by the specifications are copied exactly. A field required without words
//! of its own says the generic 'This field is required' ([`FIELD_REQUIRED`]); the other
//! rules stated without words have words written here (marked so).

// Sign-in (core §5).
pub const USERNAME_REQUIRED: &str = "Username is required";
pub const PASSWORD_REQUIRED: &str = "Password is required";

// Generic fallbacks (core §5): the words of every rule stated without words of its own.
pub const FIELD_REQUIRED: &str = "This field is required";
pub const EMAIL_INVALID: &str = "Please enter a valid email address";
/// The start of the minimum-length fallback; [`minimum_length`] completes it.
pub const MINIMUM_LENGTH: &str = "Minimum length is";

/// 'Minimum length is 8'.
pub fn minimum_length(characters: usize) -> String {
    format!("{MINIMUM_LENGTH} {characters}")
}

// Property form (core §5).
pub const TITLE_EN_REQUIRED: &str = "English title is required";
pub const TITLE_AR_REQUIRED: &str = "Arabic title is required";
pub const DESCRIPTION_EN_REQUIRED: &str = "English description is required";
pub const DESCRIPTION_AR_REQUIRED: &str = "Arabic description is required";
pub const PRICE_NOT_POSITIVE: &str = "Price must be positive";
pub const CURRENCY_REQUIRED: &str = "Currency is required";
pub const AREA_NOT_POSITIVE: &str = "Area must be positive";
pub const COUNTRY_REQUIRED: &str = "Country is required";
pub const CITY_REQUIRED: &str = "City is required";
pub const LOCATION_EN_REQUIRED: &str = "English location is required";
pub const LOCATION_AR_REQUIRED: &str = "Arabic location is required";
pub const CATEGORY_REQUIRED: &str = "Category is required";
pub const PROPERTY_TYPE_REQUIRED: &str = "Property type is required";
pub const BUILDING_TYPE_REQUIRED: &str = "Building type is required";
// Written here.
pub const NOT_IN_LIST: &str = "Please choose a value from the list";
pub const FLOORS_IN_BUILDING_TOO_SMALL: &str = "Number of floors must be at least 1";
pub const APARTMENTS_PER_FLOOR_TOO_SMALL: &str = "Apartments per floor must be at least 1";
pub const FLOOR_NUMBER_NEGATIVE: &str = "Floor number cannot be negative";
pub const PARKING_SPACES_NEGATIVE: &str = "Parking spaces cannot be negative";
pub const COUNT_NEGATIVE: &str = "Count cannot be negative";
/// Price, maintenance fee or property tax beyond [`crate::properties::MONEY_MAX`] (written here).
pub const AMOUNT_TOO_LARGE: &str = "Amount cannot exceed 1,000,000,000,000";

// Older property form (core §5 states the rules; the words are written here).
pub const YEAR_BUILT_TOO_EARLY: &str = "Year built cannot be before 1800";
pub const YEAR_BUILT_IN_FUTURE: &str = "Year built cannot be in the future";
pub const FLOOR_NEGATIVE: &str = "Floor cannot be negative";
pub const TOTAL_FLOORS_TOO_SMALL: &str = "Total floors must be at least 1";
pub const BEDROOMS_NEGATIVE: &str = "Bedrooms cannot be negative";
pub const BATHROOMS_NEGATIVE: &str = "Bathrooms cannot be negative";

// Category, property type, locations (core §5; site §5).
pub const NAME_EN_REQUIRED: &str = "English name is required";
pub const NAME_AR_REQUIRED: &str = "Arabic name is required";

// Company settings (core §5).
pub const COMPANY_NAME_REQUIRED: &str = "Company name is required";
pub const SETTINGS_EMAIL_INVALID: &str = "Invalid email";

// Image by URL (core §5): shown as a toast title and description, or joined as one line.
pub const IMAGE_URL_INVALID_TITLE: &str = "Invalid Image URL";
pub const IMAGE_URL_INVALID_DESCRIPTION: &str = "Please enter a valid image URL (JPG, PNG, WebP, GIF)";

// Section images over 5 MB (site §5).
pub const FILE_TOO_LARGE_TITLE: &str = "File too large";
pub const IMAGE_TOO_LARGE: &str = "Please select an image smaller than 5MB";

// Users (site §5).
pub const PASSWORDS_DONT_MATCH: &str = "Passwords don't match";
pub const CONFIRM_PASSWORD_REQUIRED: &str = "Please confirm your password";
pub const LOGO_TOO_LARGE: &str = "Please select a logo smaller than 5MB";

// Team members (site §5 states the rules; the words are written here).
pub const EXPERIENCE_NEGATIVE: &str = "Experience must be non-negative";

// Services, process steps, testimonials (site §5).
pub const ICON_REQUIRED: &str = "Icon is required";
pub const DISPLAY_ORDER_NEGATIVE: &str = "Display order must be non-negative";
pub const STEP_NUMBER_NOT_POSITIVE: &str = "Step number must be positive";
pub const CLIENT_NAME_EN_REQUIRED: &str = "English client name is required";
pub const CLIENT_NAME_AR_REQUIRED: &str = "Arabic client name is required";
pub const TESTIMONIAL_EN_REQUIRED: &str = "English testimonial is required";
pub const TESTIMONIAL_AR_REQUIRED: &str = "Arabic testimonial is required";
pub const RATING_TOO_LOW: &str = "Rating must be at least 1";
pub const RATING_TOO_HIGH: &str = "Rating cannot exceed 5";

// Values section form and values-section settings (site §5).
pub const SECTION_TITLE_EN_REQUIRED: &str = "Section title in English is required";
pub const SECTION_TITLE_AR_REQUIRED: &str = "Section title in Arabic is required";
pub const SECTION_SUBTITLE_EN_REQUIRED: &str = "Section subtitle in English is required";
pub const SECTION_SUBTITLE_AR_REQUIRED: &str = "Section subtitle in Arabic is required";
pub const VALUES_REQUIRED: &str = "At least one value is required";

// Export (core §5 states the rule; the words are written here).
pub const DATE_INVALID: &str = "Please enter a valid date";
pub const END_BEFORE_START: &str = "End date cannot be before start date";

// Catalog references and uploaded images (written here: the server checks them against
// stored rows and file contents; the 10MB wording follows the 5MB one of site §5).
pub const COUNTRY_NOT_FOUND: &str = "Country not found";
pub const CITY_NOT_FOUND: &str = "City not found";
pub const IMAGE_NOT_RECOGNISED: &str = "Please choose a PNG, JPEG, GIF or WebP image";
pub const IMAGE_OVER_10MB: &str = "Please select an image smaller than 10MB";
pub const IMAGE_OVER_50_MEGAPIXELS: &str = "Please choose an image of at most 50 megapixels";

// Uploaded videos (written here: the server judges the file's content, as for images).
pub const VIDEO_NOT_RECOGNISED: &str = "Please choose an MP4, WebM or MOV video";
pub const VIDEO_OVER_200MB: &str = "Please select a video smaller than 200MB";

// Property listings on the server (written here: the server checks references against
// stored rows).
pub const PROPERTY_NOT_FOUND: &str = "Property not found";
pub const CATEGORY_NOT_FOUND: &str = "Category not found";
pub const PROPERTY_TYPE_NOT_FOUND: &str = "Property type not found";
pub const REGION_NOT_FOUND: &str = "Region not found";
pub const CITY_NOT_IN_COUNTRY: &str = "This city is not in the chosen country";
pub const REGION_NOT_IN_CITY: &str = "This region is not in the chosen city";
pub const FEATURE_NOT_FOUND: &str = "A selected feature does not exist";

/// The refusal to delete a catalog record that listings still use, naming how many:
/// 'This category is used by 3 properties' (`record` is 'category', 'property type',
/// 'country', 'city', 'region' or 'property feature').
pub fn used_by_properties(record: &str, count: i64) -> String {
    let noun = if count == 1 { "property" } else { "properties" };
    format!("This {record} is used by {count} {noun}")
}

// The order of the public site's lists (written here: issue 11's reorder call).
pub const ORDER_EMPTY: &str = "List the ids in their new order";
pub const ORDER_REPEATED: &str = "An id is listed twice";

/// The refusal of a second hero image for a page (written here: site §5 makes the page
/// unique without words): 'A hero image for the Home page already exists'.
pub fn hero_page_taken(page_label: &str) -> String {
    format!("A hero image for the {page_label} page already exists")
}

/// The answer (503) when the server cannot take more work in time.
pub const SERVER_BUSY: &str = "The server is busy; please try again in a moment";

// Passwords (written here: issue 21). The longest password is what sign-in accepts.
pub const PASSWORD_TOO_LONG: &str = "Password must be at most 128 characters";
pub const PASSWORD_TOO_COMMON: &str =
    "This password is one of the most common; choose one that is harder to guess";
/// The answer (408) when a request's body stops arriving (written here: issue 21).
pub const BODY_STALLED: &str = "The request body stopped arriving; send it again";

// Bounded input (written here: issue 21, items 4 and 5). The numbers are those of
// `crate::bounds`.
pub const SHORT_TEXT_TOO_LONG: &str = "Must be at most 200 characters";
pub const MEDIUM_TEXT_TOO_LONG: &str = "Must be at most 1,000 characters";
pub const LONG_TEXT_TOO_LONG: &str = "Must be at most 10,000 characters";
pub const URL_TOO_LONG: &str = "A web address must be at most 2,048 characters";
pub const URL_UNSAFE: &str = "Please enter a web address starting with https:// or http://";
pub const IMAGES_TOO_MANY: &str = "A listing can have at most 50 images";
pub const SPECIALIZATIONS_TOO_MANY: &str = "At most 20 specializations";
pub const VALUES_TOO_MANY: &str = "At most 20 values";
pub const FEATURES_TOO_MANY: &str = "At most 200 features can be selected";
pub const ORDER_TOO_LONG: &str = "At most 1,000 ids can be ordered at once";

// The public contact form's bounds and rate limit (written here: issue 21).
pub const CONTACT_NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const CONTACT_EMAIL_TOO_LONG: &str = "Email must be at most 254 characters";
pub const CONTACT_PHONE_TOO_LONG: &str = "Phone must be at most 30 characters";
pub const CONTACT_SUBJECT_TOO_LONG: &str = "Subject must be at most 200 characters";
pub const CONTACT_MESSAGE_TOO_LONG: &str = "Message must be at most 5,000 characters";
pub const CONTACT_TOO_MANY: &str = "Too many messages from this address. Please try again later";

// Memory bounds of uploads and scaled copies (written here: issue 21).
pub const IMAGE_TOO_LARGE_TO_SCALE: &str =
    "This image needs too much memory to be scaled; please upload a smaller one";

// Answers of the HTTP layer, not of a payload's rules (written here): sign-in and rights,
// malformed requests, missing records, media and the database's refusals.
pub const SIGN_IN_TO_CONTINUE: &str = "Sign in to continue";
pub const ADMINS_ONLY: &str = "Only administrators can do this";
pub const NOT_ALLOWED: &str = "You are not allowed to do this";
pub const FOREIGN_ORIGIN: &str = "Changes are accepted only from the panel's own pages";
pub const UNKNOWN_HOST: &str = "This server does not answer for that host; see AQAR_PUBLIC_HOSTS";
pub const NOT_FOUND: &str = "Not found";
pub const NO_SUCH_FILE: &str = "No such file";
pub const RANGE_NOT_SATISFIABLE: &str = "The requested range is not in the file";
pub const SCALED_COPIES_IMAGES_ONLY: &str = "Only images have scaled copies: leave w out for a video";
pub const SCALED_WIDTH: &str = "The width w must be 160, 320, 640 or 1280";
pub const IMAGE_OVER_MEGAPIXELS: &str = "This image has more than 50 megapixels and cannot be scaled";
pub const IMAGE_UNREADABLE: &str = "This image cannot be read, so it cannot be scaled";
pub const BODY_NOT_JSON: &str = "Send the body as JSON";
pub const BODY_NOT_OBJECT: &str = "The request body must be a JSON object";
pub const TEXT_WITH_NUL: &str = "Text cannot contain the NUL character (U+0000)";
pub const QUERY_WITH_NUL: &str = "q cannot contain the NUL character (U+0000)";
pub const EXPORT_OFFSET: &str = "offset must be the minutes east of UTC, from -840 to 840";
pub const EXPORT_OFFSET_RANGE: &str = "offset is out of range";
pub const EXPORT_BODY: &str = "The body must be an object with the requests to export";
pub const STATUS_REQUIRED: &str = "status is required";
pub const API_REFERENCE_MISSING: &str = "The API reference is part of the UI build, which this server lacks";
pub const IF_MATCH_MALFORMED: &str = "If-Match must name one version of the record, such as \"3\"";
pub const SERVER_FAULT: &str = "Something went wrong on the server";
pub const DUPLICATE_VALUE: &str = "A record with this value already exists";
pub const STILL_REFERENCED: &str = "This record is referenced by other records";
pub const METHOD_NOT_ALLOWED: &str = "This address does not take that method";
pub const WRONG_TYPE_IN_ADDRESS: &str =
    "A value in the address has the wrong type, such as an id that is not a number";
pub const BODY_MALFORMED: &str = "The request body is malformed";
pub const BODY_TOO_LARGE: &str = "The request body is too large";
pub const UNSUPPORTED_MEDIA_TYPE: &str = "Unsupported media type";
pub const BODY_WRONG_SHAPE: &str = "The request body does not have the expected shape";
pub const FORM_PARAMETER: &str = "form must be 'quick' (the older quick form) or absent";
pub const FORM_FIELDS: &str = "The form lacks a field this call needs, or holds one of the wrong kind";

// Refusals of the areas' stores and handlers (written here): missing records, the
// protected accounts, sign-in and registration.
pub const FIRST_USER_PROTECTED: &str = "The first user cannot be deleted";
pub const NOT_YOURSELF_DELETE: &str = "You cannot delete your own account";
pub const NOT_YOURSELF_DEACTIVATE: &str = "You cannot deactivate your own account";
pub const NOT_YOUR_OWN_ROLE: &str = "You cannot change your own role";
pub const CURRENT_PASSWORD_WRONG: &str = "The current password is not correct";
pub const USER_NOT_FOUND: &str = "User not found";
pub const LAST_ADMIN: &str = "The last active administrator cannot be demoted, deactivated or deleted";
pub const INVALID_CREDENTIALS: &str = "Invalid username or password";
pub const REGISTRATION_CLOSED: &str = "Registration is closed: accounts are created by an administrator";
pub const COMPANY_VALUE_NOT_FOUND: &str = "Company value not found";
pub const CONTACT_REQUEST_NOT_FOUND: &str = "Contact request not found";
pub const NO_PROPERTY_WITH_ID: &str = "No property has this id";
pub const PROPERTY_FEATURE_NOT_FOUND: &str = "Property feature not found";
pub const ABOUT_SECTION_NOT_FOUND: &str = "About section not found";
pub const USERNAME_TAKEN: &str = "A user with this username already exists";

// Imports of listings from a spreadsheet (issue 25; the words are written here).
pub const IMPORT_FILE_TOO_LARGE: &str = "The file is larger than 20 MB";
pub const IMPORT_TOO_MANY_ROWS: &str = "The file holds more than 50,000 rows";
pub const IMPORT_NOT_A_SPREADSHEET: &str =
    "This file is not a spreadsheet: choose an .xlsx, .xls, .ods or .csv file";
pub const IMPORT_NO_FILE: &str = "Choose a file to import";
pub const IMPORT_NO_HEADER: &str = "The file has no header row";
pub const IMPORT_NOT_FOUND: &str = "Import not found";
pub const IMPORT_MAPPING_LENGTH: &str = "The mapping must give one choice per column of the file";
pub const IMPORT_MAPPING_UNKNOWN: &str = "The mapping names a field that does not exist";
pub const IMPORT_MAPPING_TWICE: &str = "A field is chosen for two columns";
pub const IMPORT_NOT_CHECKED: &str = "Check the import before writing it";
pub const IMPORT_ALREADY_WRITTEN: &str =
    "This import is being written or has been written; it can no longer be changed";
pub const IMPORT_NUMBER_INVALID: &str = "Please enter a number";
pub const IMPORT_WHOLE_NUMBER_INVALID: &str = "Please enter a whole number";
pub const IMPORT_YES_NO_INVALID: &str = "Please enter yes or no";
pub const IMPORT_CATEGORY_UNKNOWN: &str = "No category has this name";
pub const IMPORT_PROPERTY_TYPE_UNKNOWN: &str = "No property type has this name";
pub const IMPORT_COUNTRY_UNKNOWN: &str = "No country has this name";
pub const IMPORT_CITY_UNKNOWN: &str = "No city of this country has this name";
pub const IMPORT_REGION_UNKNOWN: &str = "No region of this city has this name";
pub const IMPORT_REGION_WITHOUT_CITY: &str = "A region needs its city";
pub const IMPORT_FEATURE_UNKNOWN: &str = "No feature has this name";
pub const IMPORT_NAME_BOTH_LANGUAGES: &str =
    "To add it to the catalog, give its name in English and in Arabic";
pub const IMPORT_PROPERTY_NUMBER_EXISTS: &str = "A listing with this property number already exists";
pub const IMPORT_PROPERTY_NUMBER_REPEATED: &str = "This property number is on an earlier row of the file";
pub const IMPORT_ROW_CHANGED: &str = "This row no longer fits the catalog";
pub const IMPORT_INTERRUPTED: &str = "The import stopped before it finished";
/// The header of the rejected rows' added column, in English and Arabic.
pub const IMPORT_MESSAGES_HEADER: &str = "Messages";
pub const IMPORT_MESSAGES_HEADER_AR: &str = "الرسائل";
