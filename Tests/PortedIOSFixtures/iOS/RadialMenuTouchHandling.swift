//
//  RadialMenuTouchHandling.swift
//  In an iOS framework target the umbrella header imports UIKit for every file, so this one
//  imports only Foundation.
//

import Foundation

/// Decides whether the menu keeps a touch that lands on one of its subviews.
@objc public protocol RadialMenuTouchHandling {
    @objc func radialMenuIntercepts(touch: UITouch) -> Bool
}
