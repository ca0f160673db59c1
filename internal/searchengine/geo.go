package searchengine

import (
	"math"
	"slices"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
)

// point is a position in degrees.
type point struct{ lat, lon float64 }

// cityCoordinates places the larger German cities (keys lower-case, as
// the register writes the city). A company in a city missing here never
// matches a location.
var cityCoordinates = map[string]point{
	"berlin":               {52.5200, 13.4050},
	"hamburg":              {53.5511, 9.9937},
	"münchen":              {48.1351, 11.5820},
	"köln":                 {50.9375, 6.9603},
	"frankfurt am main":    {50.1109, 8.6821},
	"stuttgart":            {48.7758, 9.1829},
	"düsseldorf":           {51.2277, 6.7735},
	"leipzig":              {51.3397, 12.3731},
	"dortmund":             {51.5136, 7.4653},
	"essen":                {51.4556, 7.0116},
	"bremen":               {53.0793, 8.8017},
	"dresden":              {51.0504, 13.7373},
	"hannover":             {52.3759, 9.7320},
	"nürnberg":             {49.4521, 11.0767},
	"duisburg":             {51.4344, 6.7623},
	"bochum":               {51.4818, 7.2162},
	"wuppertal":            {51.2562, 7.1508},
	"bielefeld":            {52.0302, 8.5325},
	"bonn":                 {50.7374, 7.0982},
	"münster":              {51.9607, 7.6261},
	"mannheim":             {49.4875, 8.4660},
	"karlsruhe":            {49.0069, 8.4037},
	"augsburg":             {48.3705, 10.8978},
	"wiesbaden":            {50.0782, 8.2398},
	"mainz":                {49.9929, 8.2473},
	"offenbach am main":    {50.0956, 8.7761},
	"potsdam":              {52.3906, 13.0645},
	"kiel":                 {54.3233, 10.1228},
	"rostock":              {54.0924, 12.0991},
	"freiburg im breisgau": {47.9990, 7.8421},
	"heidelberg":           {49.3988, 8.6724},
	"regensburg":           {49.0134, 12.1016},
	"erfurt":               {50.9848, 11.0299},
	"magdeburg":            {52.1205, 11.6276},
	"saarbrücken":          {49.2402, 6.9969},
	"darmstadt":            {49.8728, 8.6512},
	"aachen":               {50.7753, 6.0839},
	"braunschweig":         {52.2689, 10.5268},
	"chemnitz":             {50.8278, 12.9214},
	"halle (saale)":        {51.4828, 11.9697},
}

// cityPoint returns the coordinates of city, if the table has them.
func cityPoint(city string) (point, bool) {
	p, ok := cityCoordinates[strings.ToLower(strings.TrimSpace(city))]
	return p, ok
}

// earthRadiusKm is the mean radius of the earth.
const earthRadiusKm = 6371.0

// distanceKm is the great-circle (haversine) distance between a and b.
func distanceKm(a, b point) float64 {
	rad := math.Pi / 180
	dLat, dLon := (b.lat-a.lat)*rad, (b.lon-a.lon)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.lat*rad)*math.Cos(b.lat*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKm * math.Asin(math.Sqrt(math.Min(1, h)))
}

// maxRadiusKm bounds a location radius: more than Germany's extent is a
// mistake (miles for kilometres, metres for kilometres).
const maxRadiusKm = 1000

// DefaultRadiusKm is the radius of a location that gives none (the
// official clients' example value; the service's default is not
// published).
const DefaultRadiusKm = 10

// locationCond matches companies whose city lies within loc's radius.
// Candidates are the companies of the table's cities within reach.
func (t *table[R]) locationCond(cityCol int, loc *registerdata.Location) (*cond, error) {
	center := point{loc.Latitude, loc.Longitude}
	radius := loc.Radius
	if radius == 0 {
		radius = DefaultRadiusKm
	}
	switch {
	case !(loc.Latitude >= -90 && loc.Latitude <= 90) || !(loc.Longitude >= -180 && loc.Longitude <= 180):
		return nil, badRequest("location: latitude must be within [-90, 90] and longitude within [-180, 180] degrees")
	case !(radius > 0 && radius <= maxRadiusKm):
		return nil, badRequest("location: radius %g is outside (0, %d] kilometres; leave it out for %d km", radius, maxRadiusKm, DefaultRadiusKm)
	}
	c := &cond{}
	near := map[string]bool{}
	t.cols[cityCol].postings(t.alive).each(func(city string, p *posting) {
		if cp, ok := cityCoordinates[city]; ok && distanceKm(center, cp) <= radius {
			c.lists = append(c.lists, p)
			c.est += len(p.docs)
			near[city] = true
		}
	})
	c.match = func(r doc) bool {
		return slices.ContainsFunc(r.strsOf(cityCol), func(city string) bool { return near[city] })
	}
	return c, nil
}

// tokens appends to dst (empty) the distinct lower-case words of letters
// and digits of s, sorted.
func tokens(dst []string, s string) []string { return lowerTokens(dst, strings.ToLower(s)) }

// lowerTokens is tokens of a text already lower-cased (strings.ToLower).
func lowerTokens(dst []string, low string) []string {
	start := -1
	for i, r := range low {
		switch word := unicode.IsLetter(r) || unicode.IsDigit(r); {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			dst, start = append(dst, low[start:i]), -1
		}
	}
	if start >= 0 {
		dst = append(dst, low[start:])
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}

// maxQueryWords bounds the words of a query.
const maxQueryWords = 16

// queryWords returns the words of the query q, or refuses a query of
// more than maxQueryWords words.
func queryWords(q string) ([]string, error) {
	words := tokens(nil, q)
	if len(words) > maxQueryWords {
		return nil, badRequest("query: %d words; use at most %d", len(words), maxQueryWords)
	}
	return words, nil
}

// nameConds matches documents where every word of words starts one of
// the words of the name.
func (t *table[R]) nameConds(words []string) []*cond {
	out := make([]*cond, 0, len(words))
	for _, w := range words {
		c := &cond{lists: t.tokens.withPrefix(w), keyed: true}
		for _, p := range c.lists {
			c.est += len(p.docs)
		}
		c.match = func(r doc) bool { return r.hasTokenPrefix(w) }
		out = append(out, c)
	}
	return out
}
