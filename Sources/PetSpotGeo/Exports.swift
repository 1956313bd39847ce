// The engine's value types (Camera, GeoCoordinate, VisibleRectangle, ...) are part of this
// module's public API.
@_exported import PetSpotCore
