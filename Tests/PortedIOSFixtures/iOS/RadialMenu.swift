//
//  RadialMenu.swift
//  A menu whose buttons fan out around it, written as iOS libraries write it: an Interface
//  Builder delegate typed AnyObject, optional delegate methods, and overrides kept in an
//  extension of the class.
//

import UIKit

@objc public protocol RadialMenuDelegate {
    @objc optional func radialMenuDidOpen(_ menu: RadialMenu)
    @objc optional func radialMenu(_ menu: RadialMenu, didSelect index: Int)
}

open class RadialMenu: UIView {
    /// Typed AnyObject so that Interface Builder can connect it.
    @IBOutlet open weak var delegate: AnyObject?
    @IBInspectable open var radius: CGFloat = 80
    public private(set) var buttons: [UIButton] = []
    public private(set) var isOpen = false

    public init(frame: CGRect, count: Int) {
        super.init(frame: frame)
        for index in 0..<count {
            let button = UIButton(type: .custom)
            button.tag = index
            button.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
            button.addTarget(self, action: #selector(select(_:)), for: .touchUpInside)
            addSubview(button)
            buttons.append(button)
        }
    }

    required public init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    @objc open func open() {
        isOpen = true
        setNeedsLayout()
        layoutIfNeeded()
        self.delegate?.radialMenuDidOpen?(self)
    }

    @objc private func select(_ sender: UIButton) {
        delegate?.radialMenu?(self, didSelect: sender.tag)
    }
}

// MARK: - Layout

extension RadialMenu {
    /// Closed, the buttons sit at the centre; open, on a circle of `radius` from the top,
    /// clockwise.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        for (index, button) in buttons.enumerated() {
            guard isOpen else {
                button.center = center
                continue
            }
            let angle = 2 * CGFloat.pi * CGFloat(index) / CGFloat(buttons.count) - CGFloat.pi / 2
            button.center = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }
}
