/**
 * Generated from openapi/ by `npm run generate`. Do not edit: change the contract and regenerate.
 */

export interface paths {
    "/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pages
         * @description Lists the pages of the workspace. Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["listPages"];
        put?: never;
        /**
         * Create a page
         * @description Creates a page in the caller's workspace.
         *
         *     - `name` is required and must not be used by another page of the workspace, in any letter case (Unicode case
         *       folding: `Ärger Blog` and `ärger blog` are one name) (`409`, type `name-taken`).
         *     - `slug` is optional. When absent it is derived from the name: lowercased, transliterated to ASCII, `/` removed,
         *       other runs of non-alphanumerics turned into one hyphen, and made unique in the workspace with a `-1`, `-2`
         *       suffix. An explicit slug is normalised the same way; one already used by a page of the workspace is a `409`
         *       (type `slug-taken`).
         *     - `name_slug` is derived from the name the same way and made unique in the workspace with a suffix.
         *     - `domain` is generated: the name's slug, a hyphen and six random letters and digits, under the service's
         *       pages domain (`engineering-blog-k3x9q2.pages.publishing.example`). It is lowercase and unique across all
         *       workspaces, and made without regard to other workspaces' pages, so it tells nothing about them.
         *     - `workspace_id` is the workspace of the token.
         *
         *     The v1 description does not give the success code; the platform answers `201`, and so does this contract.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        post: operations["createPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a page
         * @description Returns one page of the workspace.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a page
         * @description Changes a page's name or slug. Absent fields keep their value. A new name must not be used by another page of the
         *     workspace (`409`); `name_slug` follows the name. A new slug is normalised as on creation; one used by another page
         *     is a `409`. `domain` never changes.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        patch: operations["updatePage"];
        trace?: never;
    };
    "/pages/{page_id}/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts
         * @description Lists the posts of a page, optionally only those with one status or in one category. Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["listPosts"];
        put?: never;
        /**
         * Create a post
         * @description Creates a post on the page, as a draft (the default) or published.
         *
         *     | `status` in the body | resulting `status` | `first_published_at` | `scheduled_at` |
         *     |---|---|---|---|
         *     | absent or `draft` | `draft` | `null` | `null` |
         *     | `published` | `published` | now | `null` |
         *     | `scheduled` or anything else | `422` | | |
         *
         *     - `slug` is derived from the title and made unique in the page with a `-1`, `-2` suffix.
         *     - `content_md` is Markdown: when `content_html` is absent or `null`, the server renders it to HTML and stores
         *       that as `content_html`. When both are given, `content_html` is kept as sent.
         *       Markdown is CommonMark with GitHub's tables, strikethrough and autolinks. Raw HTML in it is passed through
         *       unchanged, as CommonMark specifies (HTML sent as `content_html` is stored as sent too); all other text is
         *       escaped. Lists and block quotes may nest 50 levels deep and the HTML may be at most 1,000,000 characters;
         *       deeper Markdown, Markdown that would render to more, or Markdown that takes over 20 seconds to render, is a
         *       `422` naming `content_md`, and nothing is stored.
         *     - `category_id` must name a category of the same page, and `author_id` an author of the workspace; otherwise `422`.
         *     - The response carries neither `content_md` nor `author_id`: they are accepted, stored and never returned.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        post: operations["createPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages/{page_id}/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a post
         * @description Returns one post of the page.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["getPost"];
        put?: never;
        post?: never;
        /**
         * Delete a post
         * @description Deletes a post of the page for good.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        delete: operations["deletePost"];
        options?: never;
        head?: never;
        /**
         * Update a post
         * @description Changes a post. Absent fields keep their value; `null` clears an optional one. Setting `status` to `published`
         *     sets `first_published_at` if it was never set; setting it back to `draft` keeps `first_published_at`. The slug
         *     does not change. `category_id` and `author_id` are checked as on creation (`422`).
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        patch: operations["updatePost"];
        trace?: never;
    };
    "/pages/{page_id}/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories
         * @description Lists the categories of a page. Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["listCategories"];
        put?: never;
        /**
         * Create a category
         * @description Creates a category on the page.
         *
         *     - `slug` is optional. When absent or `null` it is derived from the name (lowercased, transliterated to ASCII,
         *       other runs of non-alphanumerics turned into one hyphen) and made unique in the page with a `-1`, `-2`
         *       suffix. An explicit slug is normalised the same way; one already used by a category of the page is a `409`.
         *     - `color` is a hex colour, `#RRGGBB` or `#RGB`, kept as given.
         *     - `description` and `color` default to `null`.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages/{page_id}/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a category
         * @description Returns one category of the page.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["getCategory"];
        put?: never;
        post?: never;
        /**
         * Delete a category
         * @description Deletes a category. Its posts stay on the page with `category_id` set to `null`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        delete: operations["deleteCategory"];
        options?: never;
        head?: never;
        /**
         * Update a category
         * @description Changes a category. Absent fields keep their value; `null` clears `description` or `color`. A new slug is
         *     normalised as on creation; one used by another category of the page is a `409`. The slug does not follow the name.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        patch: operations["updateCategory"];
        trace?: never;
    };
    "/newsletters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List newsletters
         * @description Lists the newsletters of the workspace. Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["listNewsletters"];
        put?: never;
        /**
         * Create a newsletter
         * @description Creates a newsletter in the caller's workspace. `name` is required and must not be used by another newsletter
         *     of the workspace (`409`). `name_slug` is derived from it and made unique in the workspace with a `-1`, `-2` suffix.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        post: operations["createNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a newsletter
         * @description Returns one newsletter of the workspace.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["getNewsletter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a newsletter
         * @description Renames a newsletter.
         *
         *     - An absent `name` keeps the current one, so `{}` changes nothing and answers `200` with the newsletter as it is.
         *     - `name: null` is a `422`: a newsletter always has a name.
         *     - A name used by another newsletter of the workspace is a `409`; `name_slug` follows the new name.
         *
         *     The v1 description does not give the success code; the platform answers `200`, and so does this contract.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        patch: operations["updateNewsletter"];
        trace?: never;
    };
    "/newsletters/{newsletter_id}/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List emails
         * @description Lists the emails of a newsletter, optionally only those with one status.
         *
         *     Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        get: operations["listEmails"];
        put?: never;
        /**
         * Create an email
         * @description Creates an email in the newsletter, always as a `draft`. `slug` is derived from the subject and made unique in
         *     the newsletter with a `-1`, `-2` suffix. `content_md` is rendered to HTML when `content_html` is absent or
         *     `null`. `author_id` must name an author of the workspace (`422`).
         *
         *     Markdown is CommonMark with GitHub's tables, strikethrough and autolinks. Raw HTML in it is passed through
         *     unchanged, as CommonMark specifies (HTML sent as `content_html` is stored as sent too); all other text is
         *     escaped. Lists and block quotes may nest 50 levels deep and the HTML may be at most 1,000,000 characters;
         *     deeper Markdown, Markdown that would render to more, or Markdown that takes over 20 seconds to render, is a
         *     `422` naming `content_md`, and nothing is stored.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        post: operations["createEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletters/{newsletter_id}/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an email
         * @description Returns one email of the newsletter. Poll it after a send to see it become `sent` (with `sent_at`) or `failed`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["getEmail"];
        put?: never;
        post?: never;
        /**
         * Delete an email
         * @description Deletes a draft email for good. An email that is not a `draft` cannot be deleted: `409`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        delete: operations["deleteEmail"];
        options?: never;
        head?: never;
        /**
         * Update an email
         * @description Changes a draft email. Absent fields keep their value; `null` clears an optional one. An email that is not a
         *     `draft` (scheduled, sent or failed) cannot be changed: `409`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        patch: operations["updateEmail"];
        trace?: never;
    };
    "/newsletters/{newsletter_id}/emails/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send or schedule an email
         * @description Queues the email for sending, at once or at a later time.
         *
         *     | current `status` | body | answer |
         *     |---|---|---|
         *     | `draft`, `scheduled` or `failed` | `scheduled_at` omitted or `null` (or no body) | `200`, `status: "scheduled"`, `scheduled_at` = the moment the request was accepted; delivery starts at once, then the email becomes `sent` with `sent_at`, or `failed` |
         *     | `draft`, `scheduled` or `failed` | `scheduled_at` in the future | `200`, `status: "scheduled"`, `scheduled_at` = that instant in UTC; delivered at that time |
         *     | any | `scheduled_at` now or in the past, or not an RFC 3339 date-time with offset | `422` |
         *     | `sent` | any | `409` |
         *
         *     Sending a `scheduled` email again replaces its time. Once delivery of an email has begun it counts as sent:
         *     a send request then is a `409` too. The email must be ready: a subject that is not blank,
         *     content (`content_html`), and at least one active, verified subscriber on the newsletter; otherwise `422` with type
         *     `email-not-sendable`, whose `errors` list one entry for each thing missing, with these `field` names:
         *
         *     | `field` | missing |
         *     |---|---|
         *     | `subject` | a subject that is not blank |
         *     | `content_html` | content: the email has no `content_html` (or only white space) |
         *     | `path.newsletter_id` | an active, verified subscriber on the newsletter |
         *
         *     When several answers apply, the order of the introduction (Errors) decides: a `scheduled_at` now or in the
         *     past, or not a date-time, is a `422` whatever the email (also when it is sent, or does not exist); then an
         *     email that does not exist is a `404`; then an email already sent is a `409` (even if it would not be ready
         *     now); then an email that is not ready is a `422` `email-not-sendable`.
         *
         *     Delivery goes to every subscriber that is active and verified when delivery starts, exactly once each, even if
         *     the server restarts during delivery. The answer normally shows `scheduled`; it may already show `sent` when
         *     delivery finished before the answer was written, so clients must accept either. Read the email (`getEmail`) to
         *     follow it to `sent` or `failed`.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        post: operations["sendEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletters/{newsletter_id}/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscribers
         * @description Lists the subscribers of a newsletter, optionally only those with one status or verification state. Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["listSubscribers"];
        put?: never;
        /**
         * Create or get a subscriber
         * @description Subscribes an address to the newsletter, or returns the subscriber it already has: an upsert keyed on the
         *     address.
         *
         *     - The address is trimmed and matched case-insensitively; it is stored in lowercase. `Ada@Example.com`,
         *       ` ada@example.com ` and `ADA@EXAMPLE.COM` are one subscriber.
         *     - **New address**: created verified and active at once (`status: "active"`, `verified: true`, `active: true`,
         *       `verified_at` = now), as the platform does for API imports. Answer `200`.
         *     - **Existing address**: the subscriber is returned unchanged, with the same `id`; a `suppressed` subscriber
         *       stays suppressed. Answer `200`, the same code as for a new one.
         *     - Concurrent requests for one address create exactly one subscriber.
         *
         *     **Core operation**: specified by the v1 interface description; its path, parameters, defaults, limits and success code are fixed.
         */
        post: operations["createSubscriber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletters/{newsletter_id}/subscribers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a subscriber
         * @description Removes a subscriber from the newsletter for good. The address can be subscribed again later as a new subscriber.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        delete: operations["deleteSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List authors
         * @description Lists the authors of the workspace; only active ones unless `active=false` is given. Answers the `{page, size, total, result}` envelope, newest first (`created_at` descending, then `id` descending). `page` defaults to 1 and `size` to 10, at most 100; a value out of range is a `422`, never clamped. A page past the end is an empty `result` with the true `total`.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["listAuthors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an author
         * @description Returns one author of the workspace, active or not.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        get: operations["getAuthor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an author
         * @description Changes an author. Absent fields keep their value; `null` clears an optional one. `formatted_name` follows the
         *     first and last names; the slug does not change. An inactive author keeps their posts and emails.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        patch: operations["updateAuthor"];
        trace?: never;
    };
    "/images/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Uploads one image and answers the public URL it is served at. The body is `multipart/form-data` with a single
         *     part named `file`. The image may be PNG, JPEG, GIF or WebP, decided from the file's content (not its name or
         *     declared type); SVG and other types are a `415`. The body is sent as is, without a `Content-Encoding` (images are
         *     compressed already).
         *
         *     The limit is 10 MiB for the **file**: a file of 10,485,760 bytes is accepted, one byte more is a `413`. The
         *     multipart framing around it (boundaries, part headers) does not count; the whole body may be up to 64 KiB
         *     larger, and a `Content-Length` over 10 MiB + 64 KiB is answered `413` before the body is read.
         *
         *     The image is **public**: the answer's `url` is absolute, and anyone who has it can fetch it with a plain
         *     `GET`, without a token (a browser showing a post's cover sends none); a request that carries a token,
         *     whichever workspace's, is served the same. Each upload has a URL of its own, even
         *     an upload of the same file again: a URL is never derived from the file. Nor is it derived from other uploads:
         *     what sets one upload's URL apart from another's is random, at least 96 bits of it, never a counter or a time, so
         *     one URL tells nothing of where the others are. It is served with the image's type as
         *     `Content-Type` and stays at that URL: uploads are never changed or removed through the API. The `201` also
         *     names that URL in `Location` (RFC 9110 section 10.2.2: the image is the resource the upload creates, and the API
         *     has no operation of its own that reads it back). Where images live
         *     is the server's choice (its own origin or a CDN); the reference server serves them from its public origin,
         *     outside the API's base path, at `{origin}/images/{32 hex digits}.{png|jpg|gif|webp}`, a random name that
         *     cannot be guessed from other uploads.
         *
         *     **Supporting operation**: part of the platform's public v1 surface that completes the core operations.
         */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Format: int64
         * @description An identifier: a whole number from 1 to 9007199254740991, the largest integer a JSON number carries exactly. In a path or a query it is written in decimal digits only (no sign, leading zero, decimal point, exponent or white space).
         * @example 42
         */
        Id: number;
        /**
         * Format: date-time
         * @description An RFC 3339 date-time in UTC with millisecond precision.
         * @example 2026-11-21T09:30:00.000Z
         */
        Timestamp: string;
        /** @description A blog page of the workspace. It holds posts and categories. */
        Page: {
            /** @description Page ID. */
            id: components["schemas"]["Id"];
            /** @description The page's name, unique in the workspace. */
            name: string;
            /** @description The page's path segment, unique in the workspace. Given on creation, or derived from the name (made unique with a `-1`, `-2` suffix). */
            slug: string;
            /** @description Derived from the name, made unique in the workspace with a `-1`, `-2` suffix. It follows the name when the name changes. */
            name_slug: string;
            /** @description The host name the page is published at. Generated from the name's slug and six random letters and digits, lowercase, unique across all workspaces; it tells nothing about other workspaces. */
            domain: string;
            /** @description The workspace of the token that created the page. */
            workspace_id: components["schemas"]["Id"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Date of the last change. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of pages, newest first. */
        PageList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many pages match the filters, across all pages.
             */
            total: number;
            /** @description The pages on this page of results; empty past the last page. */
            result: components["schemas"]["Page"][];
        };
        /** @description One invalid input. */
        FieldError: {
            /**
             * @description The input: a body field by name (`email`, nested ones with dots), a query parameter as `query.<name>`, a path parameter as `path.<name>`.
             * @example query.size
             */
            field: string;
            /**
             * @description What is wrong with it, in words a developer can act on.
             * @example must be <= 100
             */
            message: string;
        };
        /** @description An RFC 9457 problem details object, sent as `application/problem+json` for every error. It never contains stack traces, SQL or file paths. */
        Problem: {
            /**
             * Format: uri
             * @description A URI that names the kind of problem; the list is in the introduction.
             */
            type: string;
            /** @description A short summary of the kind of problem; the same for every occurrence of a type. */
            title: string;
            /**
             * Format: int32
             * @description The HTTP status code of the response.
             */
            status: number;
            /** @description What went wrong in this occurrence. */
            detail?: string;
            /** @description The path of the request that failed. */
            instance?: string;
            /** @description Each invalid input, at most 20. Present on every `422`. */
            errors?: components["schemas"]["FieldError"][];
        };
        /** @description A problem details object for a `422`, naming each invalid input in `errors`. */
        ValidationProblem: components["schemas"]["Problem"] & {
            /** @description Each invalid input, at most 20; when the request had more, `detail` says how many. */
            errors: components["schemas"]["FieldError"][];
        };
        /**
         * @description A name a person reads, on one line: it must contain at least one character that is not white space, and no control character (U+0000 to U+001F, U+007F). White space here is what ECMAScript's `\s` matches (the space, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF, besides the controls), written out in the pattern so that other regular-expression engines than ECMAScript's read it alike.
         * @example Engineering Blog
         */
        Name: string;
        /**
         * @description A URL path segment. An explicit slug is normalised the way a derived one is: lowercased, transliterated to ASCII, `/` removed, and every run of other characters that are not letters or digits turned into one hyphen. It must contain at least one letter or digit, and no control character (U+0000 to U+001F, U+007F).
         * @example release-notes
         */
        Slug: string;
        /** @description A new page. Only the name is required. */
        PageCreate: {
            /** @description The page's name. It must not be used by another page of the workspace. */
            name: components["schemas"]["Name"];
            /** @description The page's path segment. When absent or `null` it is derived from the name and made unique with a `-1`, `-2` suffix; an explicit slug that another page of the workspace uses is a `409`. */
            slug?: components["schemas"]["Slug"] | null;
        };
        /** @description Changes to a page. Absent fields keep their value; `{}` changes nothing. */
        PageUpdate: {
            /** @description A new name. It must not be used by another page of the workspace; `name_slug` follows it. */
            name?: components["schemas"]["Name"];
            /** @description A new path segment; another page of the workspace using it is a `409`. */
            slug?: components["schemas"]["Slug"];
        };
        /**
         * @description `draft`: not public. `published`: public since `first_published_at`. `scheduled`: set to be published at `scheduled_at`; a post only becomes scheduled through the platform's editor, never through this API.
         * @example published
         * @enum {string}
         */
        PostStatus: "draft" | "published" | "scheduled";
        /**
         * Format: uri
         * @description An absolute URL of up to 2048 characters, or `null`.
         * @example https://cdn.publishing.example/images/7f3c2a.png
         */
        Url: string | null;
        /**
         * Format: int64
         * @description An identifier (a whole number from 1 to 9007199254740991), or `null` when there is none.
         * @example 7
         */
        NullableId: number | null;
        /**
         * Format: date-time
         * @description An RFC 3339 date-time in UTC with millisecond precision, or `null` when the event has not happened.
         * @example 2026-11-21T09:30:00.000Z
         * @example null
         */
        NullableTimestamp: string | null;
        /** @description An article of a page. The response never carries `content_md` or `author_id`, although both are accepted on creation. */
        Post: {
            /** @description Post ID. */
            id: components["schemas"]["Id"];
            /** @description Post title. */
            title: string;
            /** @description Post slug, derived from the title and made unique in the page with a `-1`, `-2` suffix. */
            slug: string;
            status: components["schemas"]["PostStatus"];
            /** @description A short summary. */
            description: string | null;
            /** @description Post content in HTML. When the post was created with `content_md` and no `content_html`, this is the Markdown rendered to HTML. */
            content_html: string | null;
            /** @description Title for search engines. */
            seo_title: string | null;
            /** @description Description for search engines. */
            seo_description: string | null;
            /** @description Open Graph title. */
            og_title: string | null;
            /** @description Open Graph description. */
            og_description: string | null;
            /** @description URL of the cover image. */
            cover_image_url: components["schemas"]["Url"];
            /** @description Open Graph image URL. */
            og_image_url: components["schemas"]["Url"];
            /** @description The category of the same page the post is in, or `null`. */
            category_id: components["schemas"]["NullableId"];
            /** @description The page the post belongs to. */
            page_id: components["schemas"]["Id"];
            /** @description Scheduled publish date; `null` unless the post was scheduled through the platform's editor. */
            scheduled_at: components["schemas"]["NullableTimestamp"];
            /** @description First published date: set once, when the post is first published (at creation when created as `published`), and never cleared, even if the post returns to draft. */
            first_published_at: components["schemas"]["NullableTimestamp"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Updated date. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of posts, newest first. */
        PostList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many posts match the filters, across all pages.
             */
            total: number;
            /** @description The posts on this page of results; empty past the last page. */
            result: components["schemas"]["Post"][];
        };
        /**
         * @description Free text of up to 1000 characters, or `null`. It may span lines (tab, line feed and carriage return are allowed); other control characters (U+0000 to U+001F, U+007F) are not.
         * @example Notes from the team that builds the platform.
         */
        Description: string | null;
        /** @description A new post. Only the title is required; every other field defaults to `null`, and `status` to `draft`. */
        PostCreate: {
            /** @description Post title. */
            title: components["schemas"]["Name"];
            /**
             * @description `draft` (the default) or `published`. Published at creation sets `first_published_at` to now. `scheduled` is never accepted here.
             * @default draft
             * @enum {string}
             */
            status?: "draft" | "published";
            /** @description Content in HTML. Takes precedence over `content_md` when both are given. */
            content_html?: string | null;
            /** @description Content in Markdown. When `content_html` is absent or `null`, the server renders this to HTML and stores the result as `content_html`. It is never returned. CommonMark with GitHub's tables, strikethrough and autolinks; raw HTML in it is passed through unchanged, as CommonMark specifies, and all other text escaped. Lists and block quotes nest at most 50 levels deep and the HTML is at most 1,000,000 characters: deeper Markdown, Markdown that would render to more, or Markdown that takes over 20 seconds to render, is a `422`. */
            content_md?: string | null;
            description?: components["schemas"]["Description"];
            /** @description A category of the same page; another id is a `422`. */
            category_id?: components["schemas"]["NullableId"];
            /** @description Title for search engines. */
            seo_title?: string | null;
            /** @description Description for search engines. */
            seo_description?: components["schemas"]["Description"];
            /** @description Open Graph title. */
            og_title?: string | null;
            /** @description Open Graph description. */
            og_description?: components["schemas"]["Description"];
            /** @description An author of the workspace; an unknown id is a `422`. It is never returned. */
            author_id?: components["schemas"]["NullableId"];
            /** @description URL of the cover image. */
            cover_image_url?: components["schemas"]["Url"];
            /** @description Open Graph image URL. */
            og_image_url?: components["schemas"]["Url"];
        };
        /** @description Changes to a post. Absent fields keep their value; `null` clears an optional field; `{}` changes nothing. */
        PostUpdate: {
            /** @description Post title. The slug does not change with it. */
            title?: components["schemas"]["Name"];
            /**
             * @description `published` publishes the post and sets `first_published_at` if it was never set; `draft` unpublishes it and keeps `first_published_at`. `scheduled` is never accepted here.
             * @enum {string}
             */
            status?: "draft" | "published";
            /** @description Content in HTML. Takes precedence over `content_md` when both are given. */
            content_html?: string | null;
            /** @description Content in Markdown. When `content_html` is absent or `null`, it is rendered to HTML and replaces `content_html` (a `content_html: null` sent beside it does not clear the content). It is never returned. CommonMark with GitHub's tables, strikethrough and autolinks; raw HTML in it is passed through unchanged, as CommonMark specifies, and all other text escaped. Lists and block quotes nest at most 50 levels deep and the HTML is at most 1,000,000 characters: deeper Markdown, Markdown that would render to more, or Markdown that takes over 20 seconds to render, is a `422`. */
            content_md?: string | null;
            description?: components["schemas"]["Description"];
            /** @description A category of the same page, or `null` for none; another id is a `422`. */
            category_id?: components["schemas"]["NullableId"];
            /** @description Title for search engines. */
            seo_title?: string | null;
            /** @description Description for search engines. */
            seo_description?: components["schemas"]["Description"];
            /** @description Open Graph title. */
            og_title?: string | null;
            /** @description Open Graph description. */
            og_description?: components["schemas"]["Description"];
            /** @description An author of the workspace; an unknown id is a `422`. It is never returned. */
            author_id?: components["schemas"]["NullableId"];
            /** @description URL of the cover image. */
            cover_image_url?: components["schemas"]["Url"];
            /** @description Open Graph image URL. */
            og_image_url?: components["schemas"]["Url"];
        };
        /**
         * @description A hex colour, `#RRGGBB` or `#RGB`, or `null`.
         * @example #1E90FF
         */
        HexColor: string | null;
        /** @description A category of a page's posts. */
        Category: {
            /** @description Category ID. */
            id: components["schemas"]["Id"];
            /** @description The category's name. */
            name: string;
            /** @description Unique in the page. Given on creation, or derived from the name with a `-1`, `-2` suffix. */
            slug: string;
            /** @description What the category is about. */
            description: string | null;
            /** @description A hex colour for the category's label, `#RRGGBB` or `#RGB`, as given. */
            color: components["schemas"]["HexColor"];
            /** @description The page the category belongs to. */
            page_id: components["schemas"]["Id"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Date of the last change. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of categories, newest first. */
        CategoryList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many categories match the filters, across all pages.
             */
            total: number;
            /** @description The categories on this page of results; empty past the last page. */
            result: components["schemas"]["Category"][];
        };
        /** @description A new category. Only the name is required; the other fields default to `null`. */
        CategoryCreate: {
            /** @description The category's name. */
            name: components["schemas"]["Name"];
            /** @description When absent or `null`, derived from the name and made unique in the page with a `-1`, `-2` suffix. An explicit slug that another category of the page uses is a `409`. */
            slug?: components["schemas"]["Slug"] | null;
            /** @description What the category is about. */
            description?: components["schemas"]["Description"];
            color?: components["schemas"]["HexColor"];
        };
        /** @description Changes to a category. Absent fields keep their value; `null` clears an optional field; `{}` changes nothing. */
        CategoryUpdate: {
            /** @description The category's name. The slug does not change with it. */
            name?: components["schemas"]["Name"];
            /** @description A new slug; another category of the page using it is a `409`. */
            slug?: components["schemas"]["Slug"];
            /** @description What the category is about. */
            description?: components["schemas"]["Description"];
            color?: components["schemas"]["HexColor"];
        };
        /** @description A newsletter of the workspace. It holds emails and subscribers. */
        Newsletter: {
            /** @description Newsletter ID. */
            id: components["schemas"]["Id"];
            /** @description The newsletter's name, unique in the workspace. */
            name: string;
            /** @description Derived from the name, made unique in the workspace with a `-1`, `-2` suffix; it follows the name. */
            name_slug: string;
            /** @description The workspace of the token that created the newsletter. */
            workspace_id: components["schemas"]["Id"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Date of the last change. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of newsletters, newest first. */
        NewsletterList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many newsletters match the filters, across all pages.
             */
            total: number;
            /** @description The newsletters on this page of results; empty past the last page. */
            result: components["schemas"]["Newsletter"][];
        };
        /** @description A new newsletter. */
        NewsletterCreate: {
            /** @description The newsletter's name. It must not be used by another newsletter of the workspace. */
            name: components["schemas"]["Name"];
        };
        /** @description Changes to a newsletter. An absent `name` keeps its value, so `{}` changes nothing and answers `200`; `name: null` is a `422`, since a newsletter always has a name. */
        NewsletterUpdate: {
            /** @description Newsletter name. It must not be used by another newsletter of the workspace (`409`); `name_slug` follows it. */
            name?: components["schemas"]["Name"];
        };
        /**
         * @description `draft`: being written; the only state in which the email can be changed or deleted. `scheduled`: queued for delivery at `scheduled_at` (for a send without a time, the moment the request was accepted). `sent`: delivered to every active, verified subscriber; `sent_at` is set. `failed`: delivery failed; it can be sent again.
         * @example scheduled
         * @enum {string}
         */
        EmailStatus: "draft" | "scheduled" | "sent" | "failed";
        /** @description The email's structured content from the platform's visual editor: a document node with a `type` and its `content` elements. `null` until the editor sets it: no request of this API carries it. */
        EmailContent: ({
            /**
             * @description The node type of the document root.
             * @example doc
             */
            type: string;
            /** @description The document's elements, each a node object with its own `type`. */
            content: ({
                type: string;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        }) | null;
        /** @description One issue of a newsletter. It has no Markdown field; Markdown given on creation is returned as `content_html`. */
        Email: {
            /** @description Email ID. */
            id: components["schemas"]["Id"];
            /** @description The subject line. A draft's subject may be empty; a blank subject cannot be sent. */
            subject: string;
            /** @description Preview text shown by mail clients after the subject. */
            preview: string | null;
            /** @description Derived from the subject (or `email` when the subject has no letters or digits), unique in the newsletter with a `-1`, `-2` suffix. */
            slug: string;
            status: components["schemas"]["EmailStatus"];
            /** @description HTML content; from `content_md` rendered to HTML when only Markdown was given. */
            content_html: string | null;
            content_json: components["schemas"]["EmailContent"];
            /** @description The author of the workspace who signs the email, or `null`. */
            author_id: components["schemas"]["NullableId"];
            /** @description The newsletter the email belongs to. */
            newsletter_id: components["schemas"]["Id"];
            /** @description Scheduled send date: the instant given to the send operation, or the moment a send without a time was accepted. `null` for an email never sent or scheduled. */
            scheduled_at: components["schemas"]["NullableTimestamp"];
            /** @description Actual send date, set when delivery completes. */
            sent_at: components["schemas"]["NullableTimestamp"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Updated date. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of emails, newest first. */
        EmailList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many emails match the filters, across all pages.
             */
            total: number;
            /** @description The emails on this page of results; empty past the last page. */
            result: components["schemas"]["Email"][];
        };
        /** @description A new email, always created as a `draft`. Only the subject is required. */
        EmailCreate: {
            /** @description The subject line. It may be empty while the email is a draft; it must not be blank to send. */
            subject: string;
            /** @description Preview text shown by mail clients after the subject. */
            preview?: string | null;
            /** @description HTML content. Takes precedence over `content_md` when both are given. */
            content_html?: string | null;
            /** @description Markdown content. When `content_html` is absent or `null`, it is rendered to HTML and stored as `content_html`. It is never returned. CommonMark with GitHub's tables, strikethrough and autolinks; raw HTML in it is passed through unchanged, as CommonMark specifies, and all other text escaped. Lists and block quotes nest at most 50 levels deep and the HTML is at most 1,000,000 characters: deeper Markdown, Markdown that would render to more, or Markdown that takes over 20 seconds to render, is a `422`. */
            content_md?: string | null;
            /** @description An author of the workspace; an unknown id is a `422`. */
            author_id?: components["schemas"]["NullableId"];
        };
        /** @description Changes to a draft email. Absent fields keep their value; `null` clears an optional field; `{}` changes nothing. */
        EmailUpdate: {
            /** @description The subject line; the slug does not change with it. */
            subject?: string;
            /** @description Preview text shown by mail clients after the subject. */
            preview?: string | null;
            /** @description HTML content. Takes precedence over `content_md` when both are given. */
            content_html?: string | null;
            /** @description Markdown content. When `content_html` is absent or `null`, it is rendered to HTML and replaces `content_html` (a `content_html: null` sent beside it does not clear the content). It is never returned. CommonMark with GitHub's tables, strikethrough and autolinks; raw HTML in it is passed through unchanged, as CommonMark specifies, and all other text escaped. Lists and block quotes nest at most 50 levels deep and the HTML is at most 1,000,000 characters: deeper Markdown, Markdown that would render to more, or Markdown that takes over 20 seconds to render, is a `422`. */
            content_md?: string | null;
            /** @description An author of the workspace, or `null`; an unknown id is a `422`. */
            author_id?: components["schemas"]["NullableId"];
        };
        /** @description When to send. An empty object, or no body at all, sends at once. */
        EmailSend: {
            /**
             * Format: date-time
             * @description Future time in ISO 8601 (RFC 3339) format, with a time-zone offset. When omitted or `null`, the email is sent immediately. A time now or in the past is a `422`.
             * @example 2036-12-01T08:00:00+01:00
             */
            scheduled_at?: string | null;
        };
        /**
         * @description `pending`: waiting for the address to be confirmed. `active`: receives the newsletter's emails. `suppressed`: receives nothing (unsubscribed, bounced or complained); creating the address again does not reactivate it.
         * @example active
         * @enum {string}
         */
        SubscriberStatus: "pending" | "active" | "suppressed";
        /** @description An email address subscribed to a newsletter. */
        Subscriber: {
            /** @description Subscriber ID. */
            id: components["schemas"]["Id"];
            /** @description The address, trimmed and stored in lowercase. */
            email: string;
            /** @description Email verified. */
            verified: boolean;
            /** @description Subscriber active. Only active, verified subscribers receive emails. */
            active: boolean;
            status: components["schemas"]["SubscriberStatus"];
            /** @description The newsletter the subscriber belongs to. */
            newsletter_id: components["schemas"]["Id"];
            /** @description Verification date. */
            verified_at: components["schemas"]["NullableTimestamp"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Date of the last change. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of subscribers, newest first. */
        SubscriberList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many subscribers match the filters, across all pages.
             */
            total: number;
            /** @description The subscribers on this page of results; empty past the last page. */
            result: components["schemas"]["Subscriber"][];
        };
        /** @description The address to subscribe. */
        SubscriberCreate: {
            /**
             * @description Subscriber email address, as the HTML standard defines a valid one. Surrounding white space (the characters the pattern lists around the address: ECMAScript's `\s`) is removed; the address is matched case-insensitively and stored in lowercase.
             * @example Ada.Lovelace@example.com
             */
            email: string;
        };
        /** @description A person of the workspace who writes posts and emails. */
        Author: {
            /** @description Author ID. */
            id: components["schemas"]["Id"];
            /** @description Given name. */
            first_name: string;
            /** @description Family name. */
            last_name: string | null;
            /** @description The name as shown to readers, from the first and last names. */
            formatted_name: string;
            /** @description The author's sign-in address on the platform. */
            email: string;
            /** @description Job title or role, such as "Editor". */
            position: string | null;
            /** @description A one-line biography. */
            short_description: string | null;
            /** @description A longer biography. */
            long_description: string | null;
            /** @description Derived from the name, unique in the workspace. */
            slug: string;
            /** @description Inactive authors are hidden from the default author list but keep their work. */
            active: boolean;
            /** @description URL of the author's picture. */
            avatar: components["schemas"]["Url"];
            /** @description Creation date. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Date of the last change. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of authors, newest first. */
        AuthorList: {
            /**
             * Format: int32
             * @description The page number that was asked for.
             */
            page: number;
            /**
             * Format: int32
             * @description The page size that was asked for.
             */
            size: number;
            /**
             * Format: int64
             * @description How many authors match the filters, across all pages.
             */
            total: number;
            /** @description The authors on this page of results; empty past the last page. */
            result: components["schemas"]["Author"][];
        };
        /** @description Changes to an author. Absent fields keep their value; `null` clears an optional field; `{}` changes nothing. */
        AuthorUpdate: {
            /** @description Given name; `formatted_name` follows it. */
            first_name?: components["schemas"]["Name"];
            /** @description Family name; `formatted_name` follows it. */
            last_name?: string | null;
            /** @description Job title or role. */
            position?: string | null;
            /** @description A one-line biography. */
            short_description?: components["schemas"]["Description"];
            /** @description A longer biography. */
            long_description?: components["schemas"]["Description"];
            /** @description Whether the author is active. */
            active?: boolean;
        };
        /** @description One image file, as a `multipart/form-data` part named `file`. */
        ImageUpload: {
            /**
             * Format: binary
             * @description A PNG, JPEG, GIF or WebP image of at most 10 MiB. The type is decided from the file's content, not its name or declared type; SVG is not accepted.
             */
            file: string;
        };
        /** @description An uploaded image. */
        Image: {
            /**
             * Format: uri
             * @description The public URL the image is served at; use it as a cover or Open Graph image URL.
             * @example http://localhost:3000/images/3f9a0c2e5b7d4e1f8a6b9c0d2e4f6a8b.png
             */
            url: string;
        };
    };
    responses: {
        /** @description No `Authorization` header, a scheme other than `Bearer`, or an unknown or revoked token. */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is larger than the limit: 1 MiB for JSON (after decoding its `Content-Encoding`), 10 MiB for an image. A `Content-Length` over the limit is answered at once, on every operation, before the body is read (what the client still sends is discarded). */
        PayloadTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A path or query parameter is invalid: not a whole number, out of range, an unknown enum value, or an unknown query parameter. */
        ValidationFailed: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ValidationProblem"];
            };
        };
        /** @description Over a rate limit: too many requests with this token in the current window, or too many requests failing authentication from this client address. `Retry-After` says when to try again. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected failure. The body is generic; the details are in the server's log. */
        InternalError: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body cannot be read: it is not parseable JSON, its bytes are not UTF-8, or it does not decode under its `Content-Encoding`. */
        BadRequest: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is not sent as `application/json` in UTF-8: another content type, a charset other than UTF-8, or a `Content-Encoding` other than `gzip`, `deflate` or `br`. */
        UnsupportedMediaType: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The server is at its capacity for this kind of work (Markdown renderings, large bodies or uploads waiting their turn): nothing was done. `Retry-After` says when to try again. */
        ServiceUnavailable: {
            headers: {
                /**
                 * @description Seconds to wait before sending the request again.
                 * @example 2
                 */
                "Retry-After": string;
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The server has no room left to store the request (its disk or its database is full). Nothing of the request was stored. */
        InsufficientStorage: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such resource in the caller's workspace. Another workspace's id is answered the same way. */
        NotFound: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /**
         * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
         * @example 1
         */
        ListPage: number;
        /**
         * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
         * @example 10
         */
        ListSize: number;
        /**
         * @description Page ID.
         * @example 12
         */
        PageId: components["schemas"]["Id"];
        /**
         * @description Page ID: the page the resource belongs to.
         * @example 12
         */
        ParentPageId: components["schemas"]["Id"];
        /**
         * @description Only posts with exactly this status. Left out, every status is listed; an empty value (`?status=`) is a `422`, never read as no filter.
         * @example published
         */
        PostStatusFilter: components["schemas"]["PostStatus"];
        /**
         * @description Only posts in this category. A category that is not on the page gives an empty list.
         * @example 7
         */
        PostCategoryFilter: components["schemas"]["Id"];
        /**
         * @description Post ID.
         * @example 481
         */
        PostId: components["schemas"]["Id"];
        /**
         * @description Category ID.
         * @example 7
         */
        CategoryId: components["schemas"]["Id"];
        /**
         * @description Newsletter ID.
         * @example 3
         */
        NewsletterId: components["schemas"]["Id"];
        /**
         * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
         * @example 3
         */
        ParentNewsletterId: components["schemas"]["Id"];
        /**
         * @description Filter by status; only emails with exactly this status are listed. Left out, every status is listed; an empty value (`?status=`) is a `422`, never read as no filter.
         * @example sent
         */
        EmailStatusFilter: components["schemas"]["EmailStatus"];
        /**
         * @description Email ID.
         * @example 57
         */
        EmailId: components["schemas"]["Id"];
        /**
         * @description Only subscribers with exactly this status.
         * @example active
         */
        SubscriberStatusFilter: components["schemas"]["SubscriberStatus"];
        /**
         * @description Only verified (`true`) or only unverified (`false`) subscribers.
         * @example true
         */
        SubscriberVerifiedFilter: boolean;
        /**
         * @description Subscriber ID.
         * @example 1024
         */
        SubscriberId: components["schemas"]["Id"];
        /**
         * @description Only active (`true`, the default) or only inactive (`false`) authors.
         * @example true
         */
        AuthorActiveFilter: boolean;
        /**
         * @description Author ID.
         * @example 5
         */
        AuthorId: components["schemas"]["Id"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description What is left of the rate limit this request was counted against, as the IETF RateLimit field (draft-ietf-httpapi-ratelimit-headers-08): the policy's name, `r` the requests remaining in the window and `t` the seconds until the window resets, for example `"token"; r=19998; t=60`. The reference server names its policies `token` (an accepted token) and `address` (failed authentication from one client address).
         * @example "token"; r=19998; t=60
         */
        RateLimit: string;
        /**
         * @description The rate limit this request was counted against, as the IETF RateLimit-Policy field (draft-ietf-httpapi-ratelimit-headers-08): the policy's name, `q` the requests allowed in a window, `w` the window in seconds and `pk` a partition key (a hash, never the token itself), for example `"token"; q=20000; w=60; pk=:ZjNkYTJmOGQ3YjRh:`.
         * @example "token"; q=20000; w=60; pk=:ZjNkYTJmOGQ3YjRh:
         */
        "RateLimit-Policy": string;
        /**
         * @description CORS: the origins a browser may read this answer from, on every answer to a request from an allowed origin, whatever its status (rule headers.cors-present). `*` (the reference server's default: the token travels in a header, not in a cookie), or the caller's own origin when the server is configured with a list of origins and the request's `Origin` is on it; absent otherwise, and on requests without an `Origin` header when a list is configured.
         * @example *
         */
        "Access-Control-Allow-Origin": string;
        /**
         * @description CORS: the response headers a browser script may read beyond the basic ones, sent with `Access-Control-Allow-Origin`, on every answer that carries it (rule headers.cors-present).
         * @example WWW-Authenticate,Allow,Location,RateLimit,RateLimit-Policy,Retry-After
         */
        "Access-Control-Expose-Headers": string;
        /**
         * @description The authentication scheme the API takes, always `Bearer`, with the realm.
         * @example Bearer realm="publishing-api"
         */
        "WWW-Authenticate": string;
        /**
         * @description Seconds to wait before the rate limit this request met lets another request through.
         * @example 42
         */
        "Retry-After": string;
        /**
         * @description The URL of the created resource, as an absolute path (`/api/v1/pages/14`) or an absolute URL, resolved against the request's URL. A `GET` of it answers `200` with the body this `201` carries.
         * @example /api/v1/pages/14
         */
        Location: string;
        /**
         * @description The uploaded image's public URL, the same absolute URL as the answer's `url`: the image is the resource the upload creates. A `GET` of it, with or without a token, answers `200` with the bytes uploaded (not the JSON this `201` carries).
         * @example http://localhost:3000/images/3f9a0c2e5b7d4e1f8a6b9c0d2e4f6a8b.png
         */
        ImageLocation: string;
    };
    pathItems: never;
}
export type Id = components['schemas']['Id'];
export type Timestamp = components['schemas']['Timestamp'];
export type Page = components['schemas']['Page'];
export type PageList = components['schemas']['PageList'];
export type FieldError = components['schemas']['FieldError'];
export type Problem = components['schemas']['Problem'];
export type ValidationProblem = components['schemas']['ValidationProblem'];
export type Name = components['schemas']['Name'];
export type Slug = components['schemas']['Slug'];
export type PageCreate = components['schemas']['PageCreate'];
export type PageUpdate = components['schemas']['PageUpdate'];
export type PostStatus = components['schemas']['PostStatus'];
export type Url = components['schemas']['Url'];
export type NullableId = components['schemas']['NullableId'];
export type NullableTimestamp = components['schemas']['NullableTimestamp'];
export type Post = components['schemas']['Post'];
export type PostList = components['schemas']['PostList'];
export type Description = components['schemas']['Description'];
export type PostCreate = components['schemas']['PostCreate'];
export type PostUpdate = components['schemas']['PostUpdate'];
export type HexColor = components['schemas']['HexColor'];
export type Category = components['schemas']['Category'];
export type CategoryList = components['schemas']['CategoryList'];
export type CategoryCreate = components['schemas']['CategoryCreate'];
export type CategoryUpdate = components['schemas']['CategoryUpdate'];
export type Newsletter = components['schemas']['Newsletter'];
export type NewsletterList = components['schemas']['NewsletterList'];
export type NewsletterCreate = components['schemas']['NewsletterCreate'];
export type NewsletterUpdate = components['schemas']['NewsletterUpdate'];
export type EmailStatus = components['schemas']['EmailStatus'];
export type EmailContent = components['schemas']['EmailContent'];
export type Email = components['schemas']['Email'];
export type EmailList = components['schemas']['EmailList'];
export type EmailCreate = components['schemas']['EmailCreate'];
export type EmailUpdate = components['schemas']['EmailUpdate'];
export type EmailSend = components['schemas']['EmailSend'];
export type SubscriberStatus = components['schemas']['SubscriberStatus'];
export type Subscriber = components['schemas']['Subscriber'];
export type SubscriberList = components['schemas']['SubscriberList'];
export type SubscriberCreate = components['schemas']['SubscriberCreate'];
export type Author = components['schemas']['Author'];
export type AuthorList = components['schemas']['AuthorList'];
export type AuthorUpdate = components['schemas']['AuthorUpdate'];
export type ImageUpload = components['schemas']['ImageUpload'];
export type Image = components['schemas']['Image'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseValidationFailed = components['responses']['ValidationFailed'];
export type ResponseTooManyRequests = components['responses']['TooManyRequests'];
export type ResponseInternalError = components['responses']['InternalError'];
export type ResponseBadRequest = components['responses']['BadRequest'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponseServiceUnavailable = components['responses']['ServiceUnavailable'];
export type ResponseInsufficientStorage = components['responses']['InsufficientStorage'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ParameterListPage = components['parameters']['ListPage'];
export type ParameterListSize = components['parameters']['ListSize'];
export type ParameterPageId = components['parameters']['PageId'];
export type ParameterParentPageId = components['parameters']['ParentPageId'];
export type ParameterPostStatusFilter = components['parameters']['PostStatusFilter'];
export type ParameterPostCategoryFilter = components['parameters']['PostCategoryFilter'];
export type ParameterPostId = components['parameters']['PostId'];
export type ParameterCategoryId = components['parameters']['CategoryId'];
export type ParameterNewsletterId = components['parameters']['NewsletterId'];
export type ParameterParentNewsletterId = components['parameters']['ParentNewsletterId'];
export type ParameterEmailStatusFilter = components['parameters']['EmailStatusFilter'];
export type ParameterEmailId = components['parameters']['EmailId'];
export type ParameterSubscriberStatusFilter = components['parameters']['SubscriberStatusFilter'];
export type ParameterSubscriberVerifiedFilter = components['parameters']['SubscriberVerifiedFilter'];
export type ParameterSubscriberId = components['parameters']['SubscriberId'];
export type ParameterAuthorActiveFilter = components['parameters']['AuthorActiveFilter'];
export type ParameterAuthorId = components['parameters']['AuthorId'];
export type HeaderRateLimit = components['headers']['RateLimit'];
export type HeaderRateLimitPolicy = components['headers']['RateLimit-Policy'];
export type HeaderAccessControlAllowOrigin = components['headers']['Access-Control-Allow-Origin'];
export type HeaderAccessControlExposeHeaders = components['headers']['Access-Control-Expose-Headers'];
export type HeaderWwwAuthenticate = components['headers']['WWW-Authenticate'];
export type HeaderRetryAfter = components['headers']['Retry-After'];
export type HeaderLocation = components['headers']['Location'];
export type HeaderImageLocation = components['headers']['ImageLocation'];
export type $defs = Record<string, never>;
export interface operations {
    listPages: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of pages. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The page to create. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PageCreate"];
            };
        };
        responses: {
            /** @description The created page. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The name, or the explicit slug, is already used by a page of the workspace. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID.
                 * @example 12
                 */
                id: components["parameters"]["PageId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID.
                 * @example 12
                 */
                id: components["parameters"]["PageId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PageUpdate"];
            };
        };
        responses: {
            /** @description The updated page. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The new name or slug is already used by another page of the workspace. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listPosts: {
        parameters: {
            query?: {
                /**
                 * @description Only posts with exactly this status. Left out, every status is listed; an empty value (`?status=`) is a `422`, never read as no filter.
                 * @example published
                 */
                status?: components["parameters"]["PostStatusFilter"];
                /**
                 * @description Only posts in this category. A category that is not on the page gives an empty list.
                 * @example 7
                 */
                category_id?: components["parameters"]["PostCategoryFilter"];
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of posts. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
            };
            cookie?: never;
        };
        /** @description The post to create. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostCreate"];
            };
        };
        responses: {
            /** @description The created post. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
                /**
                 * @description Post ID.
                 * @example 481
                 */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
                /**
                 * @description Post ID.
                 * @example 481
                 */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. The resource is gone: reading it again is a `404`. */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    updatePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
                /**
                 * @description Post ID.
                 * @example 481
                 */
                id: components["parameters"]["PostId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostUpdate"];
            };
        };
        responses: {
            /** @description The updated post. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listCategories: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of categories. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
            };
            cookie?: never;
        };
        /** @description The category to create. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryCreate"];
            };
        };
        responses: {
            /** @description The created category. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The explicit slug is already used by a category of the page. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
                /**
                 * @description Category ID.
                 * @example 7
                 */
                id: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The category. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
                /**
                 * @description Category ID.
                 * @example 7
                 */
                id: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. The resource is gone: reading it again is a `404`. */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    updateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID: the page the resource belongs to.
                 * @example 12
                 */
                page_id: components["parameters"]["ParentPageId"];
                /**
                 * @description Category ID.
                 * @example 7
                 */
                id: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CategoryUpdate"];
            };
        };
        responses: {
            /** @description The updated category. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The new slug is already used by another category of the page. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listNewsletters: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of newsletters. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The newsletter to create. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewsletterCreate"];
            };
        };
        responses: {
            /** @description The created newsletter. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Newsletter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The name is already used by a newsletter of the workspace. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID.
                 * @example 3
                 */
                id: components["parameters"]["NewsletterId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newsletter. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Newsletter"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID.
                 * @example 3
                 */
                id: components["parameters"]["NewsletterId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewsletterUpdate"];
            };
        };
        responses: {
            /** @description The updated newsletter. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Newsletter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The name is already used by another newsletter of the workspace. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listEmails: {
        parameters: {
            query?: {
                /**
                 * @description Filter by status; only emails with exactly this status are listed. Left out, every status is listed; an empty value (`?status=`) is a `422`, never read as no filter.
                 * @example sent
                 */
                status?: components["parameters"]["EmailStatusFilter"];
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of emails. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
            };
            cookie?: never;
        };
        /** @description The email to create. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailCreate"];
            };
        };
        responses: {
            /** @description The created draft. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Email"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
                /**
                 * @description Email ID.
                 * @example 57
                 */
                id: components["parameters"]["EmailId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The email. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Email"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
                /**
                 * @description Email ID.
                 * @example 57
                 */
                id: components["parameters"]["EmailId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. The resource is gone: reading it again is a `404`. */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The email is not a draft. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    updateEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
                /**
                 * @description Email ID.
                 * @example 57
                 */
                id: components["parameters"]["EmailId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailUpdate"];
            };
        };
        responses: {
            /** @description The updated draft. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Email"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The email is not a draft. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    sendEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
                /**
                 * @description Email ID.
                 * @example 57
                 */
                id: components["parameters"]["EmailId"];
            };
            cookie?: never;
        };
        /** @description When to send. The body may be left out to send at once. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmailSend"];
            };
        };
        responses: {
            /** @description Email queued for sending. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Email"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The email has been sent, or its delivery has begun. */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listSubscribers: {
        parameters: {
            query?: {
                /**
                 * @description Only subscribers with exactly this status.
                 * @example active
                 */
                status?: components["parameters"]["SubscriberStatusFilter"];
                /**
                 * @description Only verified (`true`) or only unverified (`false`) subscribers.
                 * @example true
                 */
                verified?: components["parameters"]["SubscriberVerifiedFilter"];
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of subscribers. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriberList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
            };
            cookie?: never;
        };
        /** @description The address to subscribe. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriberCreate"];
            };
        };
        responses: {
            /** @description The created or already existing subscriber. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscriber"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    deleteSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Newsletter ID: the newsletter the resource belongs to. Declared as a number; only whole numbers from 1 are identifiers.
                 * @example 3
                 */
                newsletter_id: components["parameters"]["ParentNewsletterId"];
                /**
                 * @description Subscriber ID.
                 * @example 1024
                 */
                id: components["parameters"]["SubscriberId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. The resource is gone: reading it again is a `404`. */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listAuthors: {
        parameters: {
            query?: {
                /**
                 * @description Only active (`true`, the default) or only inactive (`false`) authors.
                 * @example true
                 */
                active?: components["parameters"]["AuthorActiveFilter"];
                /**
                 * @description Page number, from 1. A page past the last one answers an empty `result` with the true `total`. Not a whole number written in decimal digits (`1e2`, `+1`, `01`, `Infinity`), or below 1, is a `422`.
                 * @example 1
                 */
                page?: components["parameters"]["ListPage"];
                /**
                 * @description Items per page, maximum 100. Out of range, or not a whole number written in decimal digits (`1e2`, `+10`, `010`, `Infinity`), is a `422`; it is never clamped.
                 * @example 10
                 */
                size?: components["parameters"]["ListSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of authors. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAuthor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Author ID.
                 * @example 5
                 */
                id: components["parameters"]["AuthorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The author. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Author"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateAuthor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Author ID.
                 * @example 5
                 */
                id: components["parameters"]["AuthorId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthorUpdate"];
            };
        };
        responses: {
            /** @description The updated author. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Author"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body or a parameter is invalid. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The image file. */
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ImageUpload"];
            };
        };
        responses: {
            /** @description The uploaded image. */
            201: {
                headers: {
                    Location: components["headers"]["ImageLocation"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Image"];
                };
            };
            /** @description The body is not parseable multipart. */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The image is larger than 10 MiB, or the request declares a body larger than 10 MiB and 64 KiB (for the multipart framing); a declared length over the limit is answered at once, before the body is read. */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `multipart/form-data` (other multipart types, such as `multipart/mixed` or `multipart/related`, are not accepted), it is sent with a `Content-Encoding`, or the file is not a PNG, JPEG, GIF or WebP image. */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `file` part is missing, or there is more than one part. `errors` names each invalid input. */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
}
